import { t } from 'elysia'
import { EVENT_NAMES } from '@lv/contracts'

const Timestamp = t.String({ format: 'date-time', description: 'ISO-8601 UTC with milliseconds.' })
const EventName = t.String({ description: `One of: ${EVENT_NAMES.join(', ')}.`, examples: ['license.status_changed'] })

export const WebhookEndpointModel = t.Object(
	{
		id: t.String({ format: 'uuid' }),
		url: t.String({ format: 'uri', maxLength: 2048 }),
		description: t.Union([t.String({ maxLength: 500 }), t.Null()]),
		events: t.Array(EventName, { minItems: 1 }),
		active: t.Boolean(),
		watchlist_only: t.Boolean({
			description: 'True limits license.* and regulatory_action.* to operators on the watchlist; coverage.* ignore it.'
		}),
		created_at: Timestamp,
		last_delivered_at: t.Union([Timestamp, t.Null()], { description: 'Time of the last successful delivery.' }),
		last_delivery_status: t.Union([t.Literal('success'), t.Literal('failed'), t.Literal('retrying'), t.Null()], {
			description:
				'success: last attempt delivered; retrying: last attempt failed and a retry is scheduled; failed: a delivery was abandoned.'
		}),
		failure_count: t.Integer({ minimum: 0, description: 'Failed attempts since the last successful delivery.' })
	},
	{ description: 'A webhook endpoint (never includes a secret).' }
)

const Secret = t.String({ pattern: '^whsec_[0-9A-Za-z]+$', description: 'Raw HMAC-SHA256 signing secret, shown once.' })

export const CreatedWebhookModel = t.Composite([WebhookEndpointModel, t.Object({ secret: Secret })], {
	description: 'The new endpoint and its signing secret (returned once only).'
})

export const WebhookListModel = t.Object({ endpoints: t.Array(WebhookEndpointModel) })

export const CreateWebhookBody = t.Object(
	{
		url: t.String({
			description: 'Public https URL (http accepted), at most 2048 characters.',
			examples: ['https://hooks.example.com/licences']
		}),
		events: t.Array(t.String(), { minItems: 1, description: 'At least one event name.' }),
		watchlist_only: t.Optional(t.Boolean({ default: true })),
		description: t.Optional(t.Union([t.String(), t.Null()], { description: 'At most 500 characters.' }))
	},
	{ additionalProperties: false }
)

export const UpdateWebhookBody = t.Object(
	{
		url: t.Optional(t.String({ description: 'A changed URL passes the URL policy again.' })),
		events: t.Optional(t.Array(t.String(), { minItems: 1 })),
		active: t.Optional(t.Boolean()),
		watchlist_only: t.Optional(t.Boolean()),
		description: t.Optional(t.Union([t.String(), t.Null()], { description: 'null clears it; omitted leaves it unchanged.' }))
	},
	{ additionalProperties: false }
)

export const WebhookIdParams = t.Object({
	id: t.String({ description: 'Endpoint id (uuid).', examples: ['3f0c8a4e-2b8f-4a56-9d1e-1f2a3b4c5d6e'] })
})

export const RotatedSecretModel = t.Object({
	secret: Secret,
	previous_secret_expires_at: t.Union([Timestamp, t.Null()], {
		description: 'When the previous secret stops signing (7 days from now); null when none was active.'
	})
})

export const WebhookDeliveryModel = t.Object({
	id: t.String({ format: 'uuid' }),
	event_id: t.String({ description: 'Equal to the envelope event_id; the receiver dedupe key.' }),
	event_type: EventName,
	attempt_count: t.Integer({ minimum: 0, maximum: 7 }),
	last_attempt_at: t.Union([Timestamp, t.Null()]),
	next_retry_at: t.String({
		format: 'date-time',
		description: 'When the next attempt is due; for a finished delivery, when its last attempt was due.'
	}),
	status: t.Union([t.Literal('pending'), t.Literal('delivered'), t.Literal('failed'), t.Literal('abandoned')], {
		description:
			'pending: not yet attempted or in flight; failed: the last attempt failed and a retry is scheduled; abandoned: no further attempt is made (see abandoned_reason).'
	}),
	abandoned_reason: t.Union([t.Literal('attempts_exhausted'), t.Literal('event_withdrawn'), t.Null()], {
		description:
			'Set on abandoned deliveries only. attempts_exhausted: all 7 attempts failed. event_withdrawn: the event was withdrawn (its licence-history change was recorded in error) before the next attempt, which is not made; the endpoint missed nothing.'
	}),
	last_response_status: t.Union([t.Integer(), t.Null()]),
	created_at: Timestamp,
	delivered_at: t.Union([Timestamp, t.Null()])
})

export const DeliveriesQuery = t.Object(
	{
		status: t.Optional(t.String({ description: 'all (default), pending, delivered, failed, abandoned.', examples: ['all'] })),
		limit: t.Optional(t.String({ description: '1–200, default 100.', examples: ['100'] }))
	},
	{ additionalProperties: false }
)

export const DeliveryListModel = t.Object({ deliveries: t.Array(WebhookDeliveryModel, { description: 'Newest first; kept 30 days.' }) })

export const TestPingModel = t.Object({
	delivered: t.Boolean(),
	http_status: t.Union([t.Integer(), t.Null()]),
	response_body: t.Union([t.String(), t.Null()], {
		description:
			'The first 256 bytes of the answer when it is text (a `text/*`, JSON or XML media type, or none and valid UTF-8), control and invisible format characters replaced by spaces; null for any other answer.'
	}),
	latency_ms: t.Integer({ minimum: 0 }),
	error: t.Union([t.String(), t.Null()])
})
