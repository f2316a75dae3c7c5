import { freePort } from '@lv/testing'
import { type ServiceProcess, startService } from '../../tests/e2e/check-stack.ts'

/** A dashboard process (with its bulk check worker) on a free port, its mail written as files under `mailDir`. */
export async function startBenchDashboard(env: {
	databaseUrl: string
	natsUrl: string
	apiBaseUrl: string
	mailDir: string
}): Promise<ServiceProcess> {
	const port = await freePort()
	return startService('dashboard', {
		DATABASE_URL: env.databaseUrl,
		NATS_URL: env.natsUrl,
		PORT: String(port),
		APP_URL: `http://127.0.0.1:${port}`,
		API_BASE_URL: env.apiBaseUrl,
		DASHBOARD_MAIL_URL: `file://${env.mailDir}`
	})
}
