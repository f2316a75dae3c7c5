import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import fc from 'fast-check'
import { adapters, type RegisterAdapter } from '@lv/registers'
import { FetchFailedError, RunFailedError } from '../../services/reader/src/errors.ts'
import { type FetchScope, httpFetcher, MAX_REDIRECTS } from '../../services/reader/src/fetch/http-fetcher.ts'
import { RunAllowance, type RunLimits } from '../../services/reader/src/fetch/run-allowance.ts'
import { type SourcePolicy, sourcePolicy } from '../../services/reader/src/fetch/source-policy.ts'
import { runJurisdiction } from '../../services/reader/src/run.ts'
import { readVerificationPages } from '../../services/reader/src/verification.ts'
import { Sources } from '../../services/reader/src/sources.ts'
import { createReaderHarness, databaseDigest, type ReaderHarness } from '../../services/reader/src/test-support/harness.ts'
import { inflatingPdf, manyObjectsPdf } from '../../packages/registers/scripts/hostile-pdf.ts'
import { GIB, MIB, brotliBomb, gzipBomb, type SentCounter, slowDrip, xlsxBomb } from './support/hostile-publications.ts'
import { type HostileServer, redirectTo, startHostileServer } from './support/hostile-server.ts'

/**
 * The register readers against hostile publications (docs/security.md "Register readers"). The
 * hostile regulator is a local server the policy lets in by its host:port, as the register server
 * is in tests and the local stack; everything else is the production policy.
 */

/** The reader's memory limit in deploy/k8s/reader.yaml (both reader deployments). */
const READER_MEMORY_LIMIT_BYTES = 768 * MIB

let hostile: HostileServer
let policy: SourcePolicy
const fetcher = httpFetcher({ timeoutMs: 10_000, userAgent: 'hostile-test' })
const scope = (limits?: Partial<RunLimits>, jurisdiction: FetchScope['jurisdiction'] = 'UKGC'): FetchScope => ({
	jurisdiction,
	policy,
	run: new RunAllowance({ wireBytes: 192 * MIB, bytes: 192 * MIB, timeMs: 60_000, ...limits })
})
const failureOf = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: unknown) => error as FetchFailedError
	)
const bodyOf = (stream: AsyncGenerator<Uint8Array>, headers: Record<string, string> = {}) =>
	new Response(stream as unknown as BodyInit, { headers })

beforeAll(() => {
	hostile = startHostileServer()
	policy = sourcePolicy([hostile.host])
	hostile.routes.set('/ok', () => new Response('fine'))
})
afterAll(() => hostile.stop())

describe('redirects', () => {
	beforeAll(() => {
		hostile.routes.set('/loop', () => redirectTo('/loop'))
		for (let left = 0; left <= 10; left++)
			hostile.routes.set(`/chain/${left}`, () =>
				left === 0 ? new Response('end of chain') : redirectTo(`/chain/${left - 1}`, 301 + (left % 2) * 6)
			)
	})

	test(`a chain of up to ${MAX_REDIRECTS} redirects is followed; a longer chain or a loop fails with too_many_redirects (fuzzed chain lengths)`, async () => {
		await fc.assert(
			fc.asyncProperty(fc.integer({ min: 0, max: 10 }), async (length) => {
				const result = await fetcher(`${hostile.url}/chain/${length}`, null, scope()).catch((error: unknown) => error)
				if (length <= MAX_REDIRECTS) expect(result).toMatchObject({ status: 'ok', bytes: new TextEncoder().encode('end of chain') })
				else expect(result).toMatchObject({ name: 'FetchFailedError', reason: 'too_many_redirects' })
			}),
			{ numRuns: 15 }
		)
		expect(await failureOf(fetcher(`${hostile.url}/loop`, null, scope()))).toMatchObject({ reason: 'too_many_redirects' })
	})

	test('each hop connects to the address the policy checked (pinned): the system resolver is never asked again', async () => {
		// .invalid never resolves (RFC 6761): the answer arrives only if the connection went to the checked address
		const port = new URL(hostile.url).port
		let resolved = 0
		const pinned = sourcePolicy([`registers.invalid:${port}`], {
			resolve: async () => {
				resolved++
				return [{ address: '127.0.0.1', family: 4 }]
			}
		})
		hostile.routes.set('/to-pinned', () => redirectTo(`http://registers.invalid:${port}/ok`))
		const response = await fetcher(`http://registers.invalid:${port}/to-pinned`, null, { ...scope(), policy: pinned })
		expect(response).toMatchObject({ status: 'ok', bytes: new TextEncoder().encode('fine') })
		expect(resolved).toBe(2)
	})

	const offPolicy: [string, string, SourcePolicy | null][] = [
		['another port of the same loopback address', 'http://127.0.0.1:1/x', null],
		['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', null],
		['IPv6 loopback', 'http://[::1]/x', null],
		['a host that is not the regulator', 'https://gamblingcommission.example/x.csv', null],
		['the regulator over plain http', 'http://www.gamblingcommission.gov.uk/downloads/x.csv', null],
		[
			'the regulator host resolving to a private address',
			'https://www.gamblingcommission.gov.uk/x.csv',
			{ allowList: { origins: [], cidrs: [] }, allowFiles: false, resolve: async () => [{ address: '10.1.2.3', family: 4 }] }
		],
		[
			'the regulator host with one metadata address among public ones',
			'https://www.gamblingcommission.gov.uk/x.csv',
			{
				allowList: { origins: [], cidrs: [] },
				allowFiles: false,
				resolve: async () => [
					{ address: '93.184.216.34', family: 4 },
					{ address: '169.254.169.254', family: 4 }
				]
			}
		],
		['a file', 'file:///etc/passwd', null],
		['another scheme', 'gopher://www.gamblingcommission.gov.uk/x', null]
	]
	for (const [name, location, resolvePolicy] of offPolicy) {
		test(`a redirect to ${name} is refused on that hop (source_refused)`, async () => {
			const path = `/off/${encodeURIComponent(name)}`
			hostile.routes.set(path, () => redirectTo(location))
			const policyWithResolver = resolvePolicy ? { ...resolvePolicy, allowList: policy.allowList } : policy
			const failure = await failureOf(fetcher(`${hostile.url}${path}`, null, { ...scope(), policy: policyWithResolver }))
			expect(failure).toBeInstanceOf(FetchFailedError)
			expect(failure?.reason).toBe('source_refused')
		})
	}
})

describe('size caps', () => {
	test('a 1 GiB gzip bomb served slowly is cut off at the file cap after a few dozen KB on the wire', async () => {
		const sent: SentCounter = { bytes: 0 }
		hostile.routes.set('/gzip-bomb-slow', () => bodyOf(gzipBomb(GIB, sent, 2), { 'content-encoding': 'gzip' }))
		const capped = httpFetcher({ timeoutMs: 30_000, userAgent: 'hostile-test', maxFileBytes: 16 * MIB })
		const failure = await failureOf(capped(`${hostile.url}/gzip-bomb-slow`, null, scope()))
		expect(failure).toMatchObject({ name: 'FetchFailedError', reason: 'too_large' })
		// the whole bomb is about 1 MB on the wire; the reader hung up after a fraction of it
		expect(sent.bytes).toBeLessThan(256 * 1024)
	})

	test('a 1 GiB brotli bomb is cut off at the file cap', async () => {
		const sent: SentCounter = { bytes: 0 }
		hostile.routes.set('/brotli-bomb', () => bodyOf(brotliBomb(GIB, sent), { 'content-encoding': 'br' }))
		const capped = httpFetcher({ timeoutMs: 30_000, userAgent: 'hostile-test', maxFileBytes: 16 * MIB })
		expect(await failureOf(capped(`${hostile.url}/brotli-bomb`, null, scope()))).toMatchObject({ reason: 'too_large' })
	})

	test('an uncompressed body over the wire cap is cut off at the cap', async () => {
		hostile.routes.set('/big', () => new Response(new Uint8Array(3 * MIB)))
		const capped = httpFetcher({ timeoutMs: 10_000, userAgent: 'hostile-test', maxFileBytes: 8 * MIB, maxFileWireBytes: MIB })
		expect(await failureOf(capped(`${hostile.url}/big`, null, scope()))).toMatchObject({ reason: 'too_large' })
	})

	test('files each under the file cap but over the run cap together: the file that crosses it fails with too_large', async () => {
		hostile.routes.set('/part', () => new Response(new Uint8Array(2 * MIB)))
		const run = scope({ bytes: 5 * MIB })
		await fetcher(`${hostile.url}/part`, null, run)
		await fetcher(`${hostile.url}/part`, null, run)
		expect(await failureOf(fetcher(`${hostile.url}/part`, null, run))).toMatchObject({ reason: 'too_large' })
	})

	test('a content encoding the reader does not decode is refused', async () => {
		hostile.routes.set('/zstd', () => new Response('x', { headers: { 'content-encoding': 'zstd' } }))
		expect(await failureOf(fetcher(`${hostile.url}/zstd`, null, scope()))).toMatchObject({ reason: 'http_error' })
	})
})

describe('time caps', () => {
	test('a body that drips slower than the file time cap fails with timeout', async () => {
		const sent: SentCounter = { bytes: 0 }
		hostile.routes.set('/drip', () => bodyOf(slowDrip(10_000, 20, sent)))
		const quick = httpFetcher({ timeoutMs: 300, userAgent: 'hostile-test' })
		expect(await failureOf(quick(`${hostile.url}/drip`, null, scope()))).toMatchObject({ reason: 'timeout' })
		expect(sent.bytes).toBeLessThan(10_000)
	})

	test("the run's time cap cuts a fetch short whatever the file's own cap, and no fetch starts once it is spent", async () => {
		hostile.routes.set('/drip-run', () => bodyOf(slowDrip(10_000, 20, { bytes: 0 })))
		const run = scope({ timeMs: 300 })
		expect(await failureOf(fetcher(`${hostile.url}/drip-run`, null, run))).toMatchObject({ reason: 'timeout' })
		expect(await failureOf(fetcher(`${hostile.url}/ok`, null, run))).toMatchObject({ reason: 'timeout' })
	})
})

describe('local files', () => {
	const dir = mkdtempSync(join(tmpdir(), 'reader-files-'))
	afterAll(() => rmSync(dir, { recursive: true, force: true }))

	test('a file: source is refused unless the operator allows files, and then it is read under the same caps', async () => {
		const small = join(dir, 'register.csv')
		const large = join(dir, 'large.csv')
		writeFileSync(small, 'a,b\n1,2\n')
		writeFileSync(large, new Uint8Array(2 * MIB))
		expect(await failureOf(fetcher(pathToFileURL(small).href, null, scope()))).toMatchObject({ reason: 'source_refused' })
		const files = { ...policy, allowFiles: true }
		expect(await fetcher(pathToFileURL(small).href, null, { ...scope(), policy: files })).toMatchObject({
			status: 'ok',
			bytes: new TextEncoder().encode('a,b\n1,2\n')
		})
		const capped = httpFetcher({ timeoutMs: 10_000, userAgent: 'hostile-test', maxFileBytes: MIB })
		expect(await failureOf(capped(pathToFileURL(large).href, null, { ...scope(), policy: files }))).toMatchObject({ reason: 'too_large' })
	})
})

describe('a hostile publication in a run', () => {
	let h: ReaderHarness
	let proxy: HostileServer
	const DOMAINS_PATH = '/www.gamblingcommission.gov.uk/downloads/business-licence-register-domain-names.csv'

	beforeAll(async () => {
		h = await createReaderHarness()
		await runJurisdiction(h.deps, 'UKGC')
		proxy = startHostileServer(h.server.url)
	}, 60_000)
	afterAll(async () => {
		proxy?.stop()
		await h.close()
	})

	/** Runs UKGC through the hostile proxy; only the failure record may be added. */
	const expectRunFailsChangingNothing = async (reason: string, limits?: Partial<RunLimits>) => {
		await h.db.sql`UPDATE register_reads SET etag = NULL, last_modified = NULL`
		const before = await databaseDigest(h.db.sql)
		h.clock.advanceHours(1)
		const deps = {
			...h.deps,
			sources: new Sources(proxy.url),
			policy: sourcePolicy([proxy.host]),
			runLimits: { wireBytes: 192 * MIB, bytes: 192 * MIB, timeMs: 60_000, ...limits }
		}
		const failure = await runJurisdiction(deps, 'UKGC').catch((error: unknown) => error)
		expect(failure).toBeInstanceOf(RunFailedError)
		expect((failure as RunFailedError).reason).toBe(reason as RunFailedError['reason'])
		const keep = (digest: string) => digest.split('\n').filter((line) => !/^(register_reads|reader_runs|snapshots):/.test(line))
		expect(keep(await databaseDigest(h.db.sql))).toEqual(keep(before))
		const [run] = await h.db.sql<
			{ outcome: string; failure_reason: string }[]
		>`SELECT outcome, failure_reason FROM reader_runs ORDER BY started_at DESC, finished_at DESC LIMIT 1`
		expect(run).toEqual({ outcome: 'failed', failure_reason: reason })
	}

	test('a gzip bomb as the domain CSV fails the run with too_large and changes nothing', async () => {
		proxy.routes.set(DOMAINS_PATH, () => bodyOf(gzipBomb(GIB, { bytes: 0 }), { 'content-encoding': 'gzip' }))
		await expectRunFailsChangingNothing('too_large')
		proxy.routes.delete(DOMAINS_PATH)
	})

	test('the domain CSV redirecting to the metadata address fails the run with source_refused and changes nothing', async () => {
		proxy.routes.set(DOMAINS_PATH, () => redirectTo('http://169.254.169.254/latest/meta-data/iam/'))
		await expectRunFailsChangingNothing('source_refused')
		proxy.routes.delete(DOMAINS_PATH)
	})

	test("a publication dripping past the run's time cap fails the run with timeout and changes nothing", async () => {
		proxy.routes.set(DOMAINS_PATH, () => bodyOf(slowDrip(100_000, 20, { bytes: 0 })))
		await expectRunFailsChangingNothing('timeout', { timeMs: 1_000 })
		proxy.routes.delete(DOMAINS_PATH)
	})

	test('a stored seal URL off the seal host is a failed reading, never fetched, even through the local register server', async () => {
		await runJurisdiction(h.deps, 'TGC')
		const [link] = await h.db.sql<
			{ id: string }[]
		>`SELECT id FROM domain_links WHERE jurisdiction_code = 'TGC' AND verification_url IS NOT NULL ORDER BY hostname LIMIT 1`
		await h.db.sql`UPDATE domain_links SET verification_url = 'http://169.254.169.254/latest/meta-data/' WHERE id = ${link!.id}`
		const before = h.server.requests('169.254.169.254/latest/meta-data/')
		const summary = await readVerificationPages(h.deps, 'TGC', null)
		expect(summary.failed).toBe(1)
		expect(h.server.requests('169.254.169.254/latest/meta-data/')).toBe(before)
		const readings = await h.db.sql<
			{ page_status: string | null }[]
		>`SELECT page_status FROM verification_readings WHERE domain_link_id = ${link!.id} ORDER BY read_at DESC LIMIT 1`
		expect(readings.map((reading) => reading.page_status)).toEqual([null])
	})

	test('a discovered link off the regulator hosts is a warning of the run, never fetched, and the run goes on', async () => {
		const leaky: RegisterAdapter = {
			...adapters.UKGC,
			discover: (file, kind) => [
				...adapters.UKGC.discover(file, kind),
				...(kind === 'register' ? [`${proxy.url}/elsewhere.csv`, 'http://169.254.169.254/latest/meta-data/'] : [])
			]
		}
		h.clock.advanceHours(1)
		const result = await runJurisdiction({ ...h.deps, adapters: { ...h.deps.adapters, UKGC: leaky } }, 'UKGC')
		const [run] = await h.db.sql<
			{ outcome: string; counts: { warnings: string[] } }[]
		>`SELECT outcome, counts FROM reader_runs WHERE id = ${result.runId}`
		expect(run?.outcome).toBe('succeeded')
		expect(run?.counts.warnings.filter((warning) => warning.includes('which is not read'))).toHaveLength(2)
		expect(proxy.requested).not.toContain('/elsewhere.csv')
	})
})

describe(`memory stays under the reader's limit (${READER_MEMORY_LIMIT_BYTES / MIB} MiB)`, () => {
	test('1 GiB gzip and brotli bombs, a 1 GiB XLSX bomb and PDFs of 200,000 objects or 192 MiB of streams, read with the production caps in a process of their own', async () => {
		const server = startHostileServer()
		try {
			const xlsx = (await xlsxBomb(GIB)) as Uint8Array<ArrayBuffer>
			const objects = manyObjectsPdf(200_000) as Uint8Array<ArrayBuffer>
			const inflate = inflatingPdf(12, 16 * MIB) as Uint8Array<ArrayBuffer>
			server.routes.set('/gzip-bomb', () => bodyOf(gzipBomb(GIB, { bytes: 0 }), { 'content-encoding': 'gzip' }))
			server.routes.set('/brotli-bomb', () => bodyOf(brotliBomb(GIB, { bytes: 0 }), { 'content-encoding': 'br' }))
			server.routes.set('/media/1/26-10-02-current-ogra-licence-holders.xlsx', () => new Response(xlsx))
			server.routes.set('/objects.pdf', () => new Response(objects))
			server.routes.set('/inflate.pdf', () => new Response(inflate))
			const child = Bun.spawn(['bun', join(import.meta.dir, 'support/hostile-reads.ts'), server.url], { stdout: 'pipe', stderr: 'pipe' })
			const [output, errors, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited])
			expect({ code, errors: code === 0 ? '' : errors }).toEqual({ code: 0, errors: '' })
			const report = JSON.parse(output.trim().split('\n').at(-1) as string) as { outcomes: Record<string, string>; maxRssBytes: number }
			expect(report.outcomes).toEqual({
				gzip_bomb: 'too_large',
				brotli_bomb: 'too_large',
				xlsx_bomb: 'malformed',
				pdf_objects_builtin: 'malformed',
				pdf_inflate_builtin: 'malformed',
				pdf_objects_unpdf: 'malformed',
				pdf_inflate_unpdf: 'malformed'
			})
			expect(report.maxRssBytes).toBeLessThan(READER_MEMORY_LIMIT_BYTES)
			console.log(`hostile reads: peak RSS ${Math.round(report.maxRssBytes / MIB)} MiB (limit ${READER_MEMORY_LIMIT_BYTES / MIB} MiB)`)
		} finally {
			server.stop()
		}
	}, 120_000)
})
