import { Type } from '@sinclair/typebox'

/** The small envelope every internal message carries: an id and when it was sent. */
export const InternalHeader = {
	id: Type.String({ minLength: 1, maxLength: 128 }),
	sent_at: Type.String({ format: 'date-time' })
}

export const ErrorEnvelopeSchema = Type.Object({
	error: Type.String(),
	code: Type.String(),
	details: Type.Object({ reason: Type.String(), field: Type.Optional(Type.String()) }, { additionalProperties: true })
})
