import { t } from 'elysia'

export const ErrorEnvelopeModel = t.Object(
	{
		error: t.String({ description: 'Human-readable summary; may change, do not branch on it.' }),
		code: t.String({ description: 'Stable error class.' }),
		details: t.Object(
			{
				reason: t.String({ description: 'Machine-readable cause; always present.' }),
				field: t.Optional(t.String({ description: 'The input at fault, when one is.' })),
				suggestion: t.Optional(t.String())
			},
			{ additionalProperties: true }
		)
	},
	{
		description: 'The error envelope of every non-2xx response.',
		examples: [{ error: 'No such route.', code: 'not_found', details: { reason: 'route_not_found' } }]
	}
)
