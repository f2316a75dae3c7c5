import { t } from 'elysia'

const Count = t.Integer({ minimum: 0 })
const Day = t.String({ format: 'date', description: 'UTC date, YYYY-MM-DD.', examples: ['2026-11-03'] })
const Month = t.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'UTC month, YYYY-MM.', examples: ['2026-11'] })

export const UsageQuery = t.Object(
	{
		month: t.Optional(
			t.String({
				description:
					'The later of the two months reported, YYYY-MM (default: the current UTC month), at most 12 months before the current one: usage is kept for the current month and the 13 before it, so the month reported before the oldest allowed one is still whole. A malformed, older or future month is 400 `invalid_query` / `invalid_month`.',
				examples: ['2026-11']
			})
		)
	},
	{ additionalProperties: false }
)

const MonthModel = t.Object({
	month: Month,
	calls: t.Integer({ minimum: 0, description: 'Admitted calls in the month.' }),
	refusals: t.Integer({ minimum: 0, description: 'Refused calls of known keys in the month.' }),
	days: t.Array(t.Object({ date: Day, calls: Count, refusals: Count }), {
		description: 'Every day of the month up to today (all of a past month), zeros included, oldest first.'
	}),
	keys: t.Array(
		t.Union([
			t.Object({
				kind: t.Literal('key', { description: 'One of the account’s API keys (a connector grant’s key included).' }),
				key_id: t.String({ format: 'uuid' }),
				name: t.Union([t.String(), t.Null()], { description: "The key's label; null once the key is deleted." }),
				prefix: t.Union([t.String(), t.Null()], { description: "The key's display prefix; null once the key is deleted." }),
				revoked: t.Boolean(),
				calls: Count,
				refusals: Count
			}),
			t.Object({
				kind: t.Literal('dashboard', { description: "All the dashboard's calls of one action, each made with its own one-call key." }),
				action: t.String({ description: 'The dashboard action.', examples: ['bulk_check', 'export', 'usage'] }),
				calls: Count,
				refusals: Count
			})
		]),
		{
			description:
				"Keys with calls or refusals in the month, and one `kind: dashboard` entry per dashboard action, most calls first. A key is a dashboard action key by the dashboard's record of the keys it issued, never by its name."
		}
	),
	refusals_by_reason: t.Array(
		t.Object({
			reason: t.String({ description: "The refusal's `details.reason`.", examples: ['per_second_limit_exceeded'] }),
			status: t.Union([t.Integer(), t.Null()], { description: 'The HTTP status it was answered with.', examples: [429] }),
			count: Count
		}),
		{ description: 'Most frequent first.' }
	)
})

export const UsageModel = t.Object({
	generated_at: t.String({ format: 'date-time' }),
	plan_tier: t.String({ examples: ['pro'] }),
	quota: t.Object(
		{
			limit: t.Union([t.Integer({ minimum: 0 }), t.Null()], {
				description: "The plan's monthly quota; null when unlimited."
			}),
			used: t.Integer({ minimum: 0, description: 'Calls charged this UTC month: the same count as X-Monthly-Quota-Used.' }),
			remaining: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: 'null when `limit` is null.' }),
			resets_at: t.String({ format: 'date-time', description: '00:00 UTC on the 1st of next month.' })
		},
		{ description: 'The current month, whatever `month` asks for.' }
	),
	months: t.Array(MonthModel, { description: 'The month asked for, then the month before it.', minItems: 2, maxItems: 2 })
})
