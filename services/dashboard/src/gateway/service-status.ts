import type { Logger } from '@lv/logger'
import type { GatewayFetch } from './gateway-client.ts'

/** What the status page reads from the gateway's `GET /v1/status` (its schema is in /openapi.json). */
export type ServiceStatus = {
	status: 'operational' | 'degraded'
	checks_available: boolean
	generated_at: string
	incident_window_days: number
	registers: {
		jurisdiction: string
		name: string
		sla_hours: number
		last_successful_read_at: string | null
		age_hours: number | null
		fresh: boolean
		record_counts: { licences: number; operators: number; domains: number }
		timeline: { date: string; state: 'operational' | 'read_failures' | 'stale'; read_failures: number }[]
	}[]
	incidents: { jurisdiction: string; kind: 'read_failed' | 'coverage_degraded' | 'coverage_restored'; at: string; detail: string | null }[]
	incidents_in_window: number
}

/** The gateway's public status, without a key; null when the gateway does not answer it. */
export async function readServiceStatus(deps: {
	apiBaseUrl: string
	fetch: GatewayFetch
	timeoutMs: number
	logger: Logger
}): Promise<ServiceStatus | null> {
	try {
		const response = await deps.fetch(
			new Request(`${deps.apiBaseUrl.replace(/\/+$/, '')}/v1/status`, {
				headers: { accept: 'application/json' },
				signal: AbortSignal.timeout(deps.timeoutMs)
			})
		)
		if (!response.ok) {
			deps.logger.warn('gateway status unavailable', { status: response.status })
			return null
		}
		return (await response.json()) as ServiceStatus
	} catch (error) {
		deps.logger.warn('gateway status unreachable', { error })
		return null
	}
}
