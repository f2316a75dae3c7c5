import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { TMP_ROOT } from '@lv/testing'

export type WrkResult = { label: string; requestsPerSecond: number; p50Ms: number; p99Ms: number; errors: number; non2xx: number }

export type WrkRun = {
	label: string
	url: string
	connections: number
	durationSeconds: number
	threads?: number
	method?: 'GET' | 'POST'
	headers?: Record<string, string>
	body?: string
}

const luaString = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')}"`

function toMs(value: string): number {
	const match = /^([\d.]+)(us|ms|s|m)$/.exec(value.trim())
	if (!match) return Number.NaN
	const amount = Number(match[1])
	return match[2] === 'us' ? amount / 1000 : match[2] === 'ms' ? amount : match[2] === 's' ? amount * 1000 : amount * 60_000
}

/** Runs wrk (with --latency) and reads req/s, p50 and p99 from its report. */
export async function runWrk(run: WrkRun): Promise<WrkResult> {
	const dir = mkdtempSync(join(TMP_ROOT, 'wrk-'))
	try {
		const script = join(dir, 'request.lua')
		const lines = [`wrk.method = ${luaString(run.method ?? 'GET')}`]
		for (const [name, value] of Object.entries(run.headers ?? {})) lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`)
		if (run.body !== undefined) lines.push(`wrk.body = ${luaString(run.body)}`)
		writeFileSync(script, `${lines.join('\n')}\n`)
		const wrk = Bun.spawn(
			['wrk', `-t${run.threads ?? 1}`, `-c${run.connections}`, `-d${run.durationSeconds}s`, '--latency', '-s', script, run.url],
			{ stdout: 'pipe', stderr: 'pipe' }
		)
		const [report, problems] = await Promise.all([new Response(wrk.stdout).text(), new Response(wrk.stderr).text()])
		if ((await wrk.exited) !== 0) throw new Error(`wrk failed: ${problems}${report}`)
		const percentile = (p: string) => toMs(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(report)?.[1] ?? '')
		const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report)
		return {
			label: run.label,
			requestsPerSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(report)?.[1] ?? Number.NaN),
			p50Ms: percentile('50'),
			p99Ms: percentile('99'),
			errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
			non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0)
		}
	} finally {
		rmSync(dir, { recursive: true, force: true })
	}
}

export const formatResult = (r: WrkResult) =>
	`${r.label.padEnd(44)} ${r.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${r.p50Ms.toFixed(2).padStart(7)} ms   p99 ${r.p99Ms.toFixed(2).padStart(7)} ms${r.errors + r.non2xx > 0 ? `   errors ${r.errors} non-2xx ${r.non2xx}` : ''}`
