import { Counter, type ServiceMetrics } from '@lv/runtime'

export type SignInOutcome = 'signed_in' | 'invalid_credentials' | 'rate_limited' | 'incomplete' | 'expired_form'

export type DashboardMetrics = ReturnType<typeof createDashboardMetrics>

/**
 * The dashboard's series: sign-ins by outcome. It runs no bulk-check jobs (so no series for them);
 * the exports it asks for are counted by the gateway (requests) and the exporter (builds).
 */
export function createDashboardMetrics({ registry }: ServiceMetrics) {
	const signIns = new Counter({ name: 'dashboard_sign_ins_total', help: 'Sign-in form submissions, by outcome.', labelNames: ['outcome'], registers: [registry] })
	return {
		signIn(outcome: SignInOutcome) {
			signIns.labels(outcome).inc()
		}
	}
}
