import { t } from 'elysia'
import { ErrorEnvelopeModel } from './error.ts'

export const ExportParams = t.Object({
	dataset: t.String({
		description: '`licences`, `operators` or `domains` (domain links); anything else is 404 `dataset_not_found`.',
		examples: ['licences']
	})
})

/** Documentation of the query; the route reads the raw query string itself (exports refuse unknown and repeated parameters). */
export const ExportQueryDoc = t.Object({
	format: t.Optional(t.String({ description: '`csv` (default) or `json` (NDJSON, one object per line).', examples: ['csv'] })),
	jurisdiction: t.Optional(
		t.String({ description: 'Only rows of this jurisdiction (code in any letter case, e.g. `UKGC`).', examples: ['UKGC'] })
	),
	status: t.Optional(
		t.String({
			description:
				'Only rows in this status: a licence status on `licences` and `operators` (operators holding at least one licence in it), a link status (`active`, `parked`, `expired`, `redirecting`, `delisted`) on `domains`.',
			examples: ['active']
		})
	)
})

/** Documentation of the one request header the route reads itself. */
export const ExportHeadersDoc = t.Object({
	'if-none-match': t.Optional(
		t.String({
			description:
				'The `ETag` of a file already held (a list, or `*`, as RFC 9110 allows; `W/` is ignored): when it names the current file the answer is 304 with no body, counted neither against the daily export cap nor the monthly quota (still toward the per-second limit). `If-Modified-Since` is ignored.',
			examples: ['"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"']
		})
	)
})

const fileHeaders = {
	'Content-Disposition': {
		description: 'attachment; filename="<dataset>[-<JURISDICTION>][-<status>]-<YYYY-MM-DD>.<csv|ndjson>"',
		schema: { type: 'string' }
	},
	'Content-Length': {
		description: 'Size of the file in bytes, where the server can send it with a streamed body (otherwise chunked).',
		schema: { type: 'integer' }
	},
	'X-Export-Bytes': {
		description: 'Size of the file in bytes, always sent: compare with what arrived to detect a cut download.',
		schema: { type: 'integer' }
	},
	ETag: { description: 'SHA-256 of the file, quoted; send it back in `If-None-Match`.', schema: { type: 'string' } },
	'X-Export-Rows': { description: 'Data rows in the file (the CSV header row not counted).', schema: { type: 'integer' } },
	'X-Export-Data-Version': { description: "Sum of the registers' data versions the file was built from.", schema: { type: 'integer' } },
	'X-Monthly-Quota-Limit': {
		description: 'Plan monthly ceiling or `unlimited`; an export counts as one request.',
		schema: { type: 'string' }
	},
	'X-Upgrade-URL': { description: 'Pricing page.', schema: { type: 'string' } }
} as const

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ErrorEnvelopeModel } } }) as const

/** The operation's responses, written out: the 200 is a file (text/csv or NDJSON), not JSON. */
export const EXPORT_RESPONSES = {
	200: {
		description:
			'The whole dataset (or slice) as one file, streamed. Every row carries its status provenance; columns are listed in docs/export.md.',
		headers: fileHeaders,
		content: {
			'text/csv': {
				schema: {
					type: 'string',
					description: 'RFC 4180: header row, CRLF line ends, UTF-8; lists joined with `|`; null is an empty field.'
				}
			},
			'application/x-ndjson': { schema: { type: 'string', description: 'One JSON object per line, keys in the column order.' } }
		}
	},
	304: {
		description:
			'`If-None-Match` names the current file: no body, with its `ETag`, `Last-Modified` and `Cache-Control: no-store`. Not an export: counted neither against the daily cap nor the monthly quota, only toward the per-second limit.'
	},
	400: errorResponse(
		'`invalid_query` / `as_of_not_supported` (field `as_of`), or `invalid_query` / `invalid_input` with `details.field` for a bad `format`, `jurisdiction` or `status`, or a parameter exports do not take.'
	),
	401: errorResponse('No, malformed, unknown or revoked API key.'),
	402: errorResponse(
		'`payment_required` / `export_requires_pro` on a plan below Pro (`plan_tier`, `required_plan: pro`, `X-Upgrade-URL`).'
	),
	404: errorResponse('`not_found` / `dataset_not_found`.'),
	429: errorResponse(
		'`rate_limited` / `export_daily_limit_reached` (Pro 10, Business 100 per UTC day per account, API and dashboard together; `Retry-After`, `reset_at` at 00:00 UTC), or a per-second / monthly limit.'
	),
	500: errorResponse('`server_error` / `internal_error`.'),
	503: errorResponse('`service_unavailable` / `dependency_unavailable`: the exporter did not answer in time; retry with backoff.')
} as const
