import { FormatRegistry, Type } from '@sinclair/typebox'

// TypeBox ships no string formats; Elysia registers its own on import, so a process without Elysia
// (checker, reader) would reject every `format: 'date-time'` field without this.
if (!FormatRegistry.Has('date-time')) {
	FormatRegistry.Set(
		'date-time',
		(value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) && !Number.isNaN(Date.parse(value))
	)
}

/** The small envelope every internal message carries: an id and when it was sent. */
export const InternalHeader = {
	id: Type.String({ minLength: 1, maxLength: 128 }),
	sent_at: Type.String({ format: 'date-time' })
}
