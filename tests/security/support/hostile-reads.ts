/**
 * Run as its own process by register-readers.test.ts, so its peak RSS is the readers' alone:
 * reads the hostile publications served at argv[2] with the reader's production caps (the fetcher,
 * the IOM XLSX reader, both PDF readers) and prints what each did and the process's peak RSS.
 */
import { readFileSync } from 'node:fs'
import { adapters, type FetchedFile } from '@lv/registers'
import { httpFetcher } from '../../../services/reader/src/fetch/http-fetcher.ts'
import { RunAllowance } from '../../../services/reader/src/fetch/run-allowance.ts'
import { sourcePolicy } from '../../../services/reader/src/fetch/source-policy.ts'
import type { PreparingRegisterAdapter } from '../../../packages/registers/src/cw/index.ts'

const base = process.argv[2] as string
const fetcher = httpFetcher({ timeoutMs: 60_000, userAgent: 'hostile-reads' })
const policy = sourcePolicy([new URL(base).host])
const outcomes: Record<string, string> = {}

const reasonOf = (error: unknown) => String((error as { reason?: string }).reason ?? (error instanceof Error ? error.message : error))

async function read(path: string): Promise<FetchedFile> {
	const response = await fetcher(`${base}${path}`, null, { jurisdiction: 'IOM', policy, run: new RunAllowance() })
	if (response.status !== 'ok') throw new Error(`${path} answered 304`)
	return { url: `https://www.isleofmangsc.com${path}`, bytes: response.bytes, contentType: response.contentType }
}

async function outcome(name: string, work: () => Promise<unknown>): Promise<void> {
	try {
		await work()
		outcomes[name] = 'read'
	} catch (error) {
		outcomes[name] = reasonOf(error)
	}
	Bun.gc(true)
}

await outcome('gzip_bomb', () => read('/gzip-bomb'))
await outcome('brotli_bomb', () => read('/brotli-bomb'))
await outcome('xlsx_bomb', async () => {
	const page = {
		url: 'https://www.isleofmangsc.com/gambling/supervision/online-gambling-licensee-register/',
		bytes: readFileSync(new URL('../../../packages/registers/fixtures/iom/online-gambling-licensee-register.html', import.meta.url)),
		contentType: 'text/html'
	}
	adapters.IOM.parseRegister([page, await read('/media/1/26-10-02-current-ogra-licence-holders.xlsx')])
})
const cw = adapters.CW as PreparingRegisterAdapter
for (const [name, path] of [
	['pdf_objects_builtin', '/objects.pdf'],
	['pdf_inflate_builtin', '/inflate.pdf']
]) {
	await outcome(name as string, async () => cw.parseRegister([await read(path as string)]))
}
for (const [name, path] of [
	['pdf_objects_unpdf', '/objects.pdf'],
	['pdf_inflate_unpdf', '/inflate.pdf']
]) {
	await outcome(name as string, async () => cw.prepareRegisterFiles?.([await read(path as string)]))
}

console.log(JSON.stringify({ outcomes, maxRssBytes: process.resourceUsage().maxRSS * 1024 }))
