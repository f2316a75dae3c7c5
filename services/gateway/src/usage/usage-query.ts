import { AppError } from '@lv/errors'
import { USAGE_MONTHS_BACK, monthOf, oldestUsageMonth } from '@lv/quota'

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

const invalidMonth = () =>
	new AppError({
		status: 400,
		code: 'invalid_query',
		reason: 'invalid_month',
		message: `month must be a UTC month YYYY-MM from ${USAGE_MONTHS_BACK} months ago to the current month.`,
		field: 'month'
	})

/** GET /v1/usage's `month` (YYYY-MM, default the current UTC month); malformed, more than USAGE_MONTHS_BACK months ago (pruned) or in the future is 400 invalid_month. */
export function parseUsageMonth(month: string | undefined, nowMs: number): string {
	const current = monthOf(nowMs)
	if (month === undefined) return current
	if (!MONTH.test(month) || month < oldestUsageMonth(nowMs) || month > current) throw invalidMonth()
	return month
}
