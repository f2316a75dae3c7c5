import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type Bus, type Responder, connectBus, request, requestBytes } from '@lv/bus'
import { TestClock } from '@lv/clock'
import {
	CheckBatchRequest,
	CheckDomainRequest,
	CheckLicenseRequest,
	CheckManyRequest,
	type OneCheck,
	UNCHANGED,
	answerTag,
	batchAnswerPieces,
	decodeBatchRows,
	decodeFramedAnswers,
	joinBatchRows,
	subjects
} from '@lv/contracts'
import { AppError } from '@lv/errors'
import { silentLogger } from '@lv/logger'
import { type NatsHandle, type TestDatabase, createTestDatabase, startNats } from '@lv/testing'
import { type BatchResult, type CheckIndex, type CheckResult, checkBatch } from '@lv/verdict'
import { IndexStore } from './index-store.ts'
import { startResponders } from './responders.ts'
import { type LicenceFixture, registerFactory } from './test-support/register-factory.ts'

const clock = new TestClock('2026-11-01T12:00:00.000Z')
const READ_AT = new Date('2026-11-01T11:00:00.000Z')
let db: TestDatabase
let nats: NatsHandle
let client: Bus
const replicas: { bus: Bus; store: IndexStore; responders: Responder[] }[] = []
let revoked: LicenceFixture

async function startReplica(name: string) {
	const bus = await connectBus({ servers: nats.url, name })
	const store = new IndexStore({ sql: db.sql, logger: silentLogger, clock })
	await store.loadAll()
	const responders = startResponders({ bus, sql: db.sql, store, clock, logger: silentLogger })
	await bus.nc.flush()
	replicas.push({ bus, store, responders })
}

beforeAll(async () => {
	;[db, nats] = await Promise.all([createTestDatabase(), startNats()])
	const make = registerFactory(db.sql, READ_AT)
	const acme = await make.operator('acme-gaming', 'Acme Gaming')
	const active = await make.licence(acme, { license_number: '000-012345-R-123456-002' })
	await make.previousNumber(active, '000-012345-R-123456-001', new Date('2026-03-01T00:00:00Z'))
	await make.link(acme, 'acmebet.co.uk', active)
	const shady = await make.operator('shady-spins', 'Shady Spins')
	revoked = await make.licence(shady, { license_number: '000-099999-R-100000-001', status: 'revoked', upstream_status: 'Revoked' })
	await make.link(shady, 'shadyspins.com', revoked)
	await make.history(revoked, { changed_at: new Date('2026-02-01T00:00:00Z'), previous_status: null, new_status: 'active' })
	await make.history(revoked, {
		changed_at: new Date('2026-09-01T00:00:00Z'),
		previous_status: 'active',
		new_status: 'revoked',
		change_type: 'revoked'
	})
	await make.finishAllRuns()
	client = await connectBus({ servers: nats.url, name: 'responders-test-client' })
	await startReplica('checker-1')
	await startReplica('checker-2')
})

afterAll(async () => {
	for (const replica of replicas) {
		await Promise.all(replica.responders.map((responder) => responder.stop()))
		await replica.bus.close()
	}
	await client.close()
	await nats.stop()
	await db.drop()
})

const header = () => ({ id: crypto.randomUUID(), sent_at: clock.now().toISOString() })
const askDomain = async (domain: string, as_of?: string) =>
	(await request(client, {
		subject: subjects.checkDomain,
		schema: CheckDomainRequest,
		body: as_of === undefined ? { ...header(), domain } : { ...header(), domain, as_of },
		timeoutMs: 2_000,
		unavailableReason: 'checker_unavailable'
	})) as CheckResult
const askLicence = async (license_number: string, as_of?: string) =>
	(await request(client, {
		subject: subjects.checkLicense,
		schema: CheckLicenseRequest,
		body: as_of === undefined ? { ...header(), license_number } : { ...header(), license_number, as_of },
		timeoutMs: 2_000,
		unavailableReason: 'checker_unavailable'
	})) as CheckResult

/** A `check.many` message's framed answers. */
const askManyFramed = async (checks: OneCheck[]) =>
	decodeFramedAnswers(
		await requestBytes(client, {
			subject: subjects.checkMany,
			schema: CheckManyRequest,
			body: { ...header(), checks },
			timeoutMs: 2_000,
			unavailableReason: 'checker_unavailable'
		})
	)

describe('checker responders', () => {
	test('check.domain answers the SPEC check result from the index', async () => {
		const result = await askDomain('WWW.AcmeBet.co.uk.')
		expect(result.verdict).toBe('licensed')
		expect(result.query).toEqual({ domain: 'www.acmebet.co.uk', input: 'WWW.AcmeBet.co.uk.' })
		expect(result.match?.matched_domain).toBe('acmebet.co.uk')
		expect(result.checked_jurisdictions).toEqual(['UKGC', 'MGA', 'CW', 'KH', 'AN', 'TGC', 'IOM'])
	})

	test('check.license resolves an earlier UKGC number to the current one', async () => {
		const result = await askLicence('000-012345-r-123456-001')
		expect(result.verdict).toBe('licensed')
		expect(result.superseded_number).toBe('000-012345-R-123456-001')
		expect(result.match?.license_number).toBe('000-012345-R-123456-002')
	})

	test('a bad hostname comes back as the 400 envelope, rebuilt as an AppError', async () => {
		const failure = await askDomain('https://acmebet.co.uk/').catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(AppError)
		expect(failure).toMatchObject({ status: 400, code: 'invalid_query', reason: 'not_a_valid_hostname', field: 'domain' })
	})

	test('as_of reads the matched licence history from PostgreSQL; verdict stays current', async () => {
		const result = await askDomain('shadyspins.com', '2026-05-01')
		expect(result.verdict).toBe('licence_not_active')
		expect(result.match?.status).toBe('revoked')
		expect(result.as_of).toMatchObject({ basis: 'observed', status: 'active', resolved_at: '2026-05-01T23:59:59.999Z' })
		expect(result.as_of?.tracking_since).toBe('2026-02-01T00:00:00.000Z')
		const before = await askLicence(revoked.license_number, '2026-01-15T10:00:00+01:00')
		expect(before.as_of).toMatchObject({ basis: 'before_tracking', status: null })
	})

	test('as_of on a domain with no resolved licence is no_license_resolved; a future as_of is 400 on field as_of', async () => {
		const unknown = await askDomain('nowhere-at-all.example', '2026-10-01')
		expect(unknown.as_of?.basis).toBe('no_license_resolved')
		const future = await askDomain('acmebet.co.uk', '2026-11-02').catch((error: unknown) => error)
		expect(future).toMatchObject({ status: 400, code: 'invalid_query', reason: 'invalid_input', field: 'as_of' })
	})

	test('check.batch answers every row; a bad row does not fail the batch', async () => {
		const result = (await request(client, {
			subject: subjects.checkBatch,
			schema: CheckBatchRequest,
			body: { ...header(), domains: ['acmebet.co.uk', 42, 'bad_host.com', 'shadyspins.com'] },
			timeoutMs: 2_000,
			unavailableReason: 'checker_unavailable'
		})) as BatchResult
		expect(result.results.map((row) => ('verdict' in row ? row.verdict : row.error))).toEqual([
			'licensed',
			'invalid_input',
			'invalid_hostname',
			'licence_not_active'
		])
		expect(result._meta.checked_at).toBe(clock.now().toISOString())
	})

	test('check.batch answers byte for byte what checkBatch computes, asked again or after a register goes stale', async () => {
		const domains = ['acmebet.co.uk', 42, 'ACMEBET.co.uk.', 'bad_host.com', 'shadyspins.com', 'acme-gaming.example', 'acmebet.co.uk']
		const askBatch = async () =>
			new TextDecoder().decode(
				await requestBytes(client, {
					subject: subjects.checkBatch,
					schema: CheckBatchRequest,
					body: { ...header(), domains },
					timeoutMs: 2_000,
					unavailableReason: 'checker_unavailable'
				})
			)
		const computed = () => JSON.stringify(checkBatch(replicas[0]?.store.current() as CheckIndex, domains, { now: clock.now() }))
		// Three times on each of the two replicas: rows asked once, kept, then answered from memory.
		for (let i = 0; i < 6; i++) expect(await askBatch()).toBe(computed())
		const started = clock.now()
		try {
			clock.set(READ_AT.getTime() + 24 * 3_600_000)
			const stale = await askBatch()
			expect(stale).toBe(computed())
			expect(JSON.parse(stale).results[0]._meta.register.fresh).toBe(false)
		} finally {
			clock.set(started)
		}
	})

	test('check.batch with known tags answers framed rows: a kept row whose tag is offered travels without its bytes, and the rows join to the plain answer', async () => {
		const domains = ['shadyspins.com', 42, 'acmebet.co.uk', 'never-asked-batch-row.example']
		const ask = async (known?: string[]) =>
			requestBytes(client, {
				subject: subjects.checkBatch,
				schema: CheckBatchRequest,
				body: { ...header(), domains, ...(known === undefined ? {} : { known }) },
				timeoutMs: 2_000,
				unavailableReason: 'checker_unavailable'
			})
		// Asked at least twice on each replica (the queue group picks one at random for each request: 20 asks leave a
		// replica with fewer than two about once in 50,000 runs), so the string rows are kept and tagged from now on.
		for (let i = 0; i < 20; i++) await ask()
		const plain = await ask()
		const plainRows = batchAnswerPieces(plain)
		const rowBytes = JSON.parse(new TextDecoder().decode(plain)).results.map((row: unknown) =>
			new TextEncoder().encode(JSON.stringify(row))
		)
		const tags = rowBytes.map((bytes: Uint8Array) => answerTag(bytes))
		const first = decodeBatchRows(await ask(['', '', '', '']))
		expect(first.rows).toEqual([
			{ unchanged: false, bytes: rowBytes[0], tag: tags[0] },
			{ unchanged: false, bytes: rowBytes[1], tag: undefined },
			{ unchanged: false, bytes: rowBytes[2], tag: tags[2] },
			{ unchanged: false, bytes: rowBytes[3], tag: tags[3] }
		])
		expect(joinBatchRows({ rows: rowBytes, rest: first.rest })).toEqual(plain)
		const offered = decodeBatchRows(await ask([tags[0], '', 'not-its-tag', tags[3]]))
		expect(offered.rows).toEqual([
			{ unchanged: true },
			{ unchanged: false, bytes: rowBytes[1], tag: undefined },
			{ unchanged: false, bytes: rowBytes[2], tag: tags[2] },
			{ unchanged: true }
		])
		expect(offered.rest).toEqual(plainRows.rest)
	})

	test('check.many answers each check in order, byte for byte what the single subjects answer; a failing check is its own error answer', async () => {
		const checks: OneCheck[] = [
			{ domain: 'acmebet.co.uk' },
			{ domain: 'bad_host.com' },
			{ license_number: revoked.license_number, as_of: '2026-05-01' },
			{ domain: 'acmebet.co.uk', as_of: '2099-01-01' }
		]
		const answers = (await askManyFramed(checks)).map((answer) => ({
			status: answer.status,
			body: JSON.parse(new TextDecoder().decode(answer.body))
		}))
		expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200, 400])
		expect(answers[0]?.body).toEqual(await askDomain('acmebet.co.uk'))
		expect(answers[1]?.body).toMatchObject({ code: 'invalid_query', details: { reason: 'not_a_valid_hostname', field: 'domain' } })
		expect(answers[2]?.body).toEqual(await askLicence(revoked.license_number, '2026-05-01'))
		expect(answers[3]?.body).toMatchObject({ code: 'invalid_query', details: { reason: 'invalid_input', field: 'as_of' } })
	})

	test('check.many answers a repeated check from memory only while nothing it says could have changed: a register going stale answers anew', async () => {
		const askMany = async (checks: OneCheck[]) =>
			(await askManyFramed(checks)).map((answer) => JSON.parse(new TextDecoder().decode(answer.body)) as CheckResult)
		const twice = [{ domain: 'acmebet.co.uk' }, { domain: 'acmebet.co.uk' }]
		const fresh = await askMany(twice)
		expect(fresh.map((answer) => answer._meta.register?.fresh)).toEqual([true, true])
		const started = clock.now()
		try {
			clock.set(READ_AT.getTime() + 24 * 3_600_000)
			const stale = await askMany(twice)
			expect(stale.map((answer) => answer._meta.register?.fresh)).toEqual([false, false])
			expect(stale[0]).toEqual(await askDomain('acmebet.co.uk'))
		} finally {
			clock.set(started)
		}
		expect((await askMany(twice))[0]).toEqual(fresh[0] as CheckResult)
	})

	test('check.many answers UNCHANGED, without the bytes, only when the answer offered as known is exactly what it would send; on either replica', async () => {
		const askMany = async (checks: OneCheck[]) =>
			(await askManyFramed(checks)).map((answer) => ({
				status: answer.status,
				text: new TextDecoder().decode(answer.body),
				tag: answer.tag
			}))
		// Asked twice in one message (one replica): the second answer is kept, hence tagged.
		const [, first] = await askMany([{ domain: 'acmebet.co.uk' }, { domain: 'acmebet.co.uk' }])
		expect(first?.status).toBe(200)
		expect(first?.tag).toBe(answerTag(new TextEncoder().encode(first?.text)))
		const known = first?.tag as string
		// Messages alternate between the two replicas: both recognise the same bytes.
		for (let i = 0; i < 4; i++)
			expect(
				await askMany([
					{ domain: 'acmebet.co.uk', known },
					{ domain: 'acmebet.co.uk', known: 'someOtherAnswerTag' },
					{ domain: 'bad_host.com', known }
				])
			).toEqual([
				{ status: UNCHANGED, text: '', tag: known },
				{ status: 200, text: first?.text as string, tag: known },
				{ status: 400, text: expect.stringContaining('not_a_valid_hostname'), tag: undefined }
			])
		expect((await askMany([{ license_number: revoked.license_number, as_of: '2026-05-01' }]))[0]?.tag).toBeUndefined()
		const started = clock.now()
		try {
			clock.set(READ_AT.getTime() + 24 * 3_600_000)
			const [stale] = await askMany([{ domain: 'acmebet.co.uk', known }])
			expect(stale?.status).toBe(200)
			expect(stale?.tag).not.toBe(known)
			expect(JSON.parse(stale?.text as string)._meta.register.fresh).toBe(false)
		} finally {
			clock.set(started)
		}
	})

	test('check.many tags an answer only once its check is asked again, or when the sender offers an answer it holds', async () => {
		const [once, again, offered] = await askManyFramed([
			{ domain: 'never-asked-before.example' },
			{ domain: 'never-asked-before.example' },
			{ domain: 'another-never-asked.example', known: 'someHeldAnswerTag' }
		])
		expect(once?.tag).toBeUndefined()
		expect(again?.tag).toBe(answerTag(again?.body as Uint8Array))
		expect(once?.body).toEqual(again?.body as Uint8Array)
		expect(offered?.status).toBe(200)
		expect(offered?.tag).toBe(answerTag(offered?.body as Uint8Array))
	})

	test('two replicas in queue group checker share the load', async () => {
		const processed = () =>
			replicas.map((replica) => replica.responders.reduce((sum, responder) => sum + responder.subscription.getProcessed(), 0))
		const start = processed()
		await Promise.all(Array.from({ length: 200 }, () => askDomain('acmebet.co.uk')))
		const handled = processed().map((count, i) => count - (start[i] ?? 0))
		expect(handled.reduce((a, b) => a + b, 0)).toBe(200)
		for (const count of handled) expect(count).toBeGreaterThan(20)
	})

	test('rebuilds running during a stream of requests fail none of them', async () => {
		const requests = Array.from({ length: 300 }, (_, i) => askDomain(i % 2 === 0 ? 'acmebet.co.uk' : 'shadyspins.com'))
		const rebuilds = replicas.flatMap((replica) => ['UKGC', 'MGA', 'UKGC', 'CW', 'UKGC'].map((code) => replica.store.rebuild(code)))
		const [answers] = await Promise.all([Promise.all(requests), Promise.all(rebuilds)])
		expect(answers.map((answer) => answer.verdict)).toEqual(
			Array.from({ length: 300 }, (_, i) => (i % 2 === 0 ? 'licensed' : 'licence_not_active'))
		)
	})
})
