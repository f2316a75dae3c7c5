import { freePort } from '@lv/testing'
import { type ServiceProcess, startService } from '../../tests/e2e/check-stack.ts'

export type BenchDashboardEnv = { databaseUrl: string; natsUrl: string; apiBaseUrl: string; mailDir: string }

/** A dashboard process (with its bulk check worker) on a free port, its mail written as files under `mailDir`; `bunArgs` go to bun (a profiler). */
export async function startBenchDashboard(env: BenchDashboardEnv, bunArgs: string[] = []): Promise<ServiceProcess> {
	const port = await freePort()
	const settings = {
		DATABASE_URL: env.databaseUrl,
		NATS_URL: env.natsUrl,
		PORT: String(port),
		APP_URL: `http://127.0.0.1:${port}`,
		API_BASE_URL: env.apiBaseUrl,
		DASHBOARD_MAIL_URL: `file://${env.mailDir}`
	}
	return startService('dashboard', settings, bunArgs)
}
