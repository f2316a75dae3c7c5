import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

export const RegistryChanged = Type.Object({
	...InternalHeader,
	jurisdiction: Type.String({ pattern: '^[A-Z0-9]{2,16}$' }),
	run_id: Type.String(),
	data_version: Type.Integer({ minimum: 0 }),
	/** False when the run found nothing new (freshness still advanced). */
	changed: Type.Boolean()
})
export type RegistryChanged = Static<typeof RegistryChanged>
