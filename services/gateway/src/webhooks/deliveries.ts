import { DELIVERY_STATUSES, type DeliveryStatusFilter } from '@lv/notification-store'
import { invalidQuery } from '@lv/errors'
import { plainInteger } from '../lookup/paging.ts'

export function parseDeliveriesQuery(query: { status?: string; limit?: string }): { status: DeliveryStatusFilter; limit: number } {
	const status = query.status ?? 'all'
	if (status !== 'all' && !(DELIVERY_STATUSES as readonly string[]).includes(status)) {
		throw invalidQuery('invalid_input', '`status` is one of all, pending, delivered, failed, abandoned.', 'status')
	}
	const limit = query.limit === undefined ? 100 : plainInteger(query.limit)
	if (limit === null || limit < 1 || limit > 200)
		throw invalidQuery('invalid_pagination', '`limit` must be an integer from 1 to 200.', 'limit')
	return { status: status as DeliveryStatusFilter, limit }
}
