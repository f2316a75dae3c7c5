import { describe, expect, test } from 'bun:test'
import { TestClock } from '@lv/clock'
import { decodeFramedAnswers } from '@lv/contracts'
import { silentLogger } from '@lv/logger'
import { AnswerMemo, type CheckIndex, LICENCE_STATUSES, buildIndex, replaceJurisdiction, withRegisterRead } from '@lv/verdict'
import fc from 'fast-check'
import { HOUR, JURISDICTIONS, NOW, licence, operator, rows } from '../../packages/verdict/src/test-support/index-rows.ts'
import { type TaggedAnswer, answerMany } from '../../services/checker/src/responders.ts'
import { SentParts } from '../../services/checker/src/sent-parts.ts'
import { HeldParts } from '../../services/gateway/src/routes/held-parts.ts'

const CODES = JURISDICTIONS.map(({ code }) => code)
const WORDS = ['royal', 'lucky', 'star', 'spin', 'gold', 'vegas', 'crown', 'tiger', 'queen', 'hawk', 'win', 'é"\\']

/** A world of operators named from WORDS, each licensed in some registers, registers read 0–30 hours before NOW. */
function worldRows(names: string[][], codes: string[], readHoursAgo: number[]) {
	const operators = names.map((words, at) => operator(`op-${at}`, words.join(' '), `${words.join(' ')} "${at}" Ltd`))
	const licences = operators.map((owner, at) =>
		licence(owner, { jurisdiction_code: codes[at % codes.length] as string, license_number: `L-${at}` })
	)
	const readAt = Object.fromEntries(CODES.map((code, at) => [code, new Date(NOW.getTime() - (readHoursAgo[at] ?? 1) * HOUR)]))
	return rows({ operators, licences, readAt })
}

/**
 * What happens between two messages: a register re-read with other statuses, or only at another time (answers of
 * the same lengths, other bytes), the clock moving, parts lost.
 */
const eventArbitrary = fc.oneof(
	fc.record({ swap: fc.constantFrom(...CODES), status: fc.constantFrom(...LICENCE_STATUSES) }),
	fc.record({ reread: fc.constantFrom(...CODES), minutesAgo: fc.integer({ min: 10, max: 59 }) }),
	fc.record({ hours: fc.integer({ min: 1, max: 30 }) }),
	fc.constant({ lostReply: true as const }),
	fc.constant({ none: true as const })
)

const queryArbitrary = fc.oneof(
	fc.array(fc.constantFrom(...WORDS.slice(0, -1)), { minLength: 1, maxLength: 3 }).map((words) => `${words.join('')}.com`),
	fc.array(fc.constantFrom(...WORDS.slice(0, -1)), { minLength: 1, maxLength: 2 }).map((words) => `${words.join('')}x.net`),
	fc.constantFrom('nothing-alike.org', 'casino.com')
)

describe('answers sent with parts (ADR 0074)', () => {
	test('joined by the gateway are the checker’s plain answers, byte for byte, across swaps, registers going stale, lost replies and a full store', async () => {
		await fc.assert(
			fc.asyncProperty(
				fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
				fc.array(fc.constantFrom(...CODES), { minLength: 1, maxLength: 3 }),
				fc.array(fc.integer({ min: 0, max: 30 }), { minLength: CODES.length, maxLength: CODES.length }),
				fc.array(fc.tuple(fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }), eventArbitrary), { minLength: 1, maxLength: 8 }),
				fc.constantFrom(400, 4_000, 1 << 20),
				async (names, codes, readHoursAgo, steps, capacityBytes) => {
					const registerRows = worldRows(names, codes, readHoursAgo)
					let index: CheckIndex = buildIndex(registerRows)
					const clock = new TestClock(NOW)
					const deps = { sql: undefined as never, store: { current: () => index } as never, clock, logger: silentLogger }
					const memo = new AnswerMemo<TaggedAnswer>(8)
					const sent = new SentParts()
					const held = new HeldParts(capacityBytes)
					for (const [queries, event] of steps) {
						const checks = queries.map((domain) => ({ domain }))
						const plain = decodeFramedAnswers(await answerMany(deps, new AnswerMemo(8), checks))
						const store = held.name
						const reply = await answerMany(deps, memo, checks, { store, sent })
						// A reply that never reaches the gateway (timed out): the checker counts its parts as sent all the same.
						if ('lostReply' in event) continue
						const answers = decodeFramedAnswers(reply)
						const missing = held.join(answers, store)
						for (const [at, answer] of answers.entries())
							if (!missing.includes(at)) expect(Buffer.from(answer.body).toString()).toBe(Buffer.from((plain[at] as { body: Uint8Array }).body).toString())
						// Asked again without parts, as the dispatcher does.
						const again = decodeFramedAnswers(await answerMany(deps, memo, missing.map((at) => checks[at] as { domain: string })))
						for (const [n, at] of missing.entries())
							expect(Buffer.from((again[n] as { body: Uint8Array }).body).toString()).toBe(
								Buffer.from((plain[at] as { body: Uint8Array }).body).toString()
							)
						if ('swap' in event)
							index = replaceJurisdiction(index, event.swap, {
								...registerRows,
								licences: registerRows.licences.map((row) => (row.jurisdiction_code === event.swap ? { ...row, status: event.status } : row))
							})
						if ('reread' in event) index = withRegisterRead(index, event.reread, new Date(clock.now().getTime() - event.minutesAgo * 60_000))
						if ('hours' in event) clock.advance(event.hours * HOUR)
					}
				}
			),
			{ numRuns: 150 }
		)
	}, 120_000)
})
