/**
 * How much of the cold answers' bytes repeats (ADR 0074): BENCH_CHECKS never-asked word-compound domains (as the
 * whole-path bench's wrk script asks them, `freshNameLua`) answered by `checkDomainBytes` on the synthetic world of
 * BENCH_DOMAINS links; each not-found or name answer is cut into its query-made bytes and its parts (the head: the
 * detail after the query and the match; each alternative; the tail), and a part counts as repeated when the same bytes
 * came before. Prints, per stretch of the stream, the share of the bytes that would still travel if a repeated part
 * travelled as a reference of BENCH_REFERENCE_BYTES.
 *
 *   bun bench/answer-parts-share.ts          BENCH_CHECKS=160000 bun bench/answer-parts-share.ts
 */
import { checkDomainBytes } from '@lv/verdict'
import { TLDS, WORDS, buildWorldIndex, world } from './lib/synthetic-world.ts'

const SIZE = Number(process.env.BENCH_DOMAINS ?? 500_000)
const CHECKS = Number(process.env.BENCH_CHECKS ?? 40_000)
const REFERENCE_BYTES = Number(process.env.BENCH_REFERENCE_BYTES ?? 6)
const STRETCH_ENDS = [1_000, 5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 320_000]

const now = new Date('2026-11-24T12:00:00Z')
const readAt = new Date(now.getTime() - 3_600_000)
const { index } = buildWorldIndex(world(SIZE, readAt), readAt)

/** The wrk script's `fresh()`: three words and a TLD, from a counter. */
let counter = 1_764_000_000 * 100_000
function freshName(): string {
	counter++
	let k = counter % (WORDS.length ** 3 * TLDS.length)
	const words: string[] = []
	for (let n = 0; n < 3; n++) {
		words.push(WORDS[k % WORDS.length] as string)
		k = Math.floor(k / WORDS.length)
	}
	return `${words.join('')}.${TLDS[k]}`
}

const byteLength = (text: string) => Buffer.byteLength(text)
const decoder = new TextDecoder()
const sent = new Set<string>()
const verdicts = new Map<string, number>()
const totals = { bytes: 0, head: 0, alternatives: 0, tail: 0 }
let stretchBytes = 0
let stretchTravelling = 0
for (let checked = 1; checked <= CHECKS; checked++) {
	const bytes = checkDomainBytes(index, freshName(), now).bytes
	const answer = JSON.parse(decoder.decode(bytes))
	verdicts.set(answer.verdict, (verdicts.get(answer.verdict) ?? 0) + 1)
	totals.bytes += bytes.byteLength
	let travelling = bytes.byteLength
	if (answer.verdict === 'name_match_only' || answer.verdict === 'not_found') {
		const head = JSON.stringify(answer.verdict_detail.slice(answer.query.domain.length)) + JSON.stringify(answer.match)
		const alternatives = (answer.alternatives as unknown[]).map((alternative) => JSON.stringify(alternative))
		const tail = JSON.stringify([answer.confidence, answer.checked_jurisdictions, answer._meta])
		totals.head += byteLength(head)
		totals.tail += byteLength(tail)
		for (const part of alternatives) totals.alternatives += byteLength(part)
		for (const part of [head, ...alternatives, tail]) {
			if (sent.has(part)) travelling -= byteLength(part) - REFERENCE_BYTES
			else sent.add(part)
		}
	}
	stretchBytes += bytes.byteLength
	stretchTravelling += travelling
	if (STRETCH_ENDS.includes(checked) || checked === CHECKS) {
		console.log(
			`to ${checked}: ${((stretchTravelling / stretchBytes) * 100).toFixed(1)} % of the bytes would travel; ${sent.size} distinct parts`
		)
		stretchBytes = 0
		stretchTravelling = 0
	}
}
const mean = (total: number) => (total / CHECKS).toFixed(0)
console.log(`verdicts ${JSON.stringify(Object.fromEntries(verdicts))}`)
console.log(
	`mean answer ${mean(totals.bytes)} bytes: head ${mean(totals.head)}, alternatives ${mean(totals.alternatives)}, tail ${mean(totals.tail)}, the rest made from the query`
)
