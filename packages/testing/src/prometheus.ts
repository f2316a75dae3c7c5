import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { adoptChild, findBinary, makeOwnedTempDir } from './processes.ts'
import { freePort, waitFor } from './wait.ts'

export type PromSample = { metric: Record<string, string>; value: [number, string] }

export type PrometheusHandle = {
	url: string
	/** An instant query through the HTTP API (`/api/v1/query`): the vector it answers. */
	query(expr: string): Promise<PromSample[]>
	/** The scrape targets and their health (`/api/v1/targets`). */
	targets(): Promise<{ job: string; health: string; lastError: string }[]>
	stop(): Promise<void>
}

export const PROMETHEUS_INSTALL_HINT = 'prometheus not found: install it with `apt-get install -y prometheus`.'

/**
 * A real Prometheus server (Debian's /usr/bin/prometheus) on a free port, scraping each job's one
 * target every `scrapeIntervalSeconds`, with its storage in a throwaway directory.
 */
export async function startPrometheus(options: {
	jobs: Record<string, string>
	scrapeIntervalSeconds?: number
}): Promise<PrometheusHandle> {
	const binary = findBinary(['prometheus', '/usr/bin/prometheus'])
	if (!binary) throw new Error(PROMETHEUS_INSTALL_HINT)
	const dir = makeOwnedTempDir('prometheus')
	const interval = `${options.scrapeIntervalSeconds ?? 1}s`
	const scrapeConfigs = Object.entries(options.jobs).map(
		([job, target]) => `  - job_name: ${job}\n    static_configs:\n      - targets: ['${target}']`
	)
	const configFile = join(dir, 'prometheus.yml')
	writeFileSync(
		configFile,
		`global:\n  scrape_interval: ${interval}\n  evaluation_interval: ${interval}\nscrape_configs:\n${scrapeConfigs.join('\n')}\n`
	)
	const port = await freePort()
	// Its log goes to a file: a pipe nobody reads would fill and stall the server.
	const logFile = join(dir, 'prometheus.log')
	const child = Bun.spawn(
		[binary, `--config.file=${configFile}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
		{
			stdout: 'ignore',
			stderr: Bun.file(logFile)
		}
	)
	const { kill, unhook } = adoptChild(dir, child)
	const url = `http://127.0.0.1:${port}`
	const api = async <T>(path: string): Promise<T> => {
		const response = await fetch(`${url}${path}`)
		const body = (await response.json()) as { status: string; data: T; error?: string }
		if (body.status !== 'success') throw new Error(`prometheus ${path}: ${body.error ?? response.status}`)
		return body.data
	}
	try {
		await waitFor(
			async () => {
				if (child.exitCode !== null) throw new Error(`prometheus exited with ${child.exitCode}`)
				return (
					(await fetch(`${url}/-/ready`).then(
						(response) => response.status,
						() => 0
					)) === 200
				)
			},
			{ what: 'prometheus to be ready', timeoutMs: 30_000, intervalMs: 100 }
		)
	} catch (error) {
		const stderr = await Bun.file(logFile)
			.text()
			.catch(() => '')
		unhook()
		kill()
		throw new Error(`prometheus did not start: ${stderr.slice(-1500)}`, { cause: error })
	}
	return {
		url,
		query: async (expr) => (await api<{ result: PromSample[] }>(`/api/v1/query?query=${encodeURIComponent(expr)}`)).result,
		targets: async () =>
			(await api<{ activeTargets: { labels: { job: string }; health: string; lastError: string }[] }>('/api/v1/targets')).activeTargets.map(
				(target) => ({
					job: target.labels.job,
					health: target.health,
					lastError: target.lastError
				})
			),
		async stop() {
			unhook()
			child.kill('SIGTERM')
			await Promise.race([child.exited, Bun.sleep(5000)])
			kill()
		}
	}
}
