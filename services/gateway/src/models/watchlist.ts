import { t } from 'elysia'
import { ErrorEnvelopeModel } from './error.ts'
import { LicenceStatusModel } from './lookup.ts'

const Timestamp = t.String({ format: 'date-time', description: 'ISO-8601 UTC with milliseconds.' })

export const WatchlistEntryModel = t.Object(
	{
		id: t.String({ format: 'uuid', description: "The operator's id." }),
		slug: t.String({ examples: ['example-gaming-ltd'] }),
		display_name: t.String(),
		country: t.Union([t.String(), t.Null()]),
		added_at: Timestamp,
		license_status: t.Union([LicenceStatusModel, t.Null()], {
			description:
				"Status of the operator's headline licence: an active one if any, else the most recently verified; null without licences."
		}),
		jurisdiction_code: t.Union([t.String(), t.Null()], { description: 'Jurisdiction of that headline licence.' })
	},
	{ description: 'An operator on the watchlist.' }
)

export const WatchlistSummaryModel = t.Object({
	count: t.Integer({ minimum: 0, description: 'Operators on the watchlist.' }),
	limit: t.Union([t.Integer({ minimum: 0 }), t.Null()], { description: "The plan's watchlist cap; null when unlimited." }),
	operators: t.Array(WatchlistEntryModel, { description: 'The 50 most recently added, newest first.' })
})

export const WatchlistPageModel = t.Object({
	total: t.Integer({ minimum: 0 }),
	limit: t.Integer({ minimum: 1, maximum: 200 }),
	offset: t.Integer({ minimum: 0 }),
	operators: t.Array(WatchlistEntryModel, { description: 'Sorted by added_at, newest first.' })
})

export const WatchlistPagingQuery = t.Object(
	{
		limit: t.Optional(t.String({ description: '1–200, default 50; anything else is 400 invalid_pagination.', examples: ['50'] })),
		offset: t.Optional(t.String({ description: 'Zero-based, default 0.', examples: ['0'] }))
	},
	{ additionalProperties: false }
)

export const AddOperatorBody = t.Object(
	{ operator_slug: t.String({ description: 'Slug of the operator to watch, any letter case.', examples: ['example-gaming-ltd'] }) },
	{ additionalProperties: false }
)

export const DeleteSlugParams = t.Object({
	slug: t.String({ description: 'Lowercase letters, digits and hyphens.', examples: ['example-gaming-ltd'] })
})

export const EventEnvelopeModel = t.Object(
	{
		event: t.String({ description: 'Event name.', examples: ['license.status_changed'] }),
		event_id: t.String({
			pattern: '^evt_[0-9A-HJKMNP-TV-Z]{26}$',
			description: '`evt_` + ULID; the dedupe key, equal to the webhook delivery event_id.'
		}),
		api_version: t.Literal('2026-04-20'),
		timestamp: t.String({ format: 'date-time', description: 'When the event was emitted, not when the change happened.' }),
		livemode: t.Boolean(),
		data: t.Record(t.String(), t.Unknown(), { description: 'Varies by event; see the events guide.' })
	},
	{ description: 'The webhook envelope, without a per-delivery signature.' }
)

export const EventsFeedQuery = t.Object(
	{
		since: t.Optional(
			t.String({ description: 'First call only: ISO-8601 date-time, at most 30 days back.', examples: ['2026-11-01T00:00:00Z'] })
		),
		cursor: t.Optional(t.String({ description: 'next_cursor of the previous page, verbatim (base64url, at most 512 characters).' })),
		limit: t.Optional(t.String({ description: '1–500, default 100.', examples: ['100'] }))
	},
	{ additionalProperties: false }
)

export const EventsFeedModel = t.Object({
	events: t.Array(EventEnvelopeModel, {
		description: 'In the order the service recorded them, oldest first; `timestamp` (when emitted) can run a little backwards.'
	}),
	next_cursor: t.Union([t.String(), t.Null()], {
		description: 'Where the next call resumes; always set, also on an empty page, so a poller can keep following the feed.'
	}),
	has_more: t.Boolean({ description: 'True when more events are available right now.' })
})

/** The error responses a route documents, typed per status so the success type stays inferred. */
export function errorModels<const S extends readonly number[]>(...statuses: S): { [K in S[number]]: typeof ErrorEnvelopeModel } {
	return Object.fromEntries(statuses.map((status) => [status, ErrorEnvelopeModel])) as { [K in S[number]]: typeof ErrorEnvelopeModel }
}
