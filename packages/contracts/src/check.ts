import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'

export const CheckDomainRequest = Type.Object({
	...InternalHeader,
	domain: Type.String({ maxLength: 4096 }),
	as_of: Type.Optional(Type.String({ maxLength: 64 }))
})
export type CheckDomainRequest = Static<typeof CheckDomainRequest>

export const CheckLicenseRequest = Type.Object({
	...InternalHeader,
	license_number: Type.String({ maxLength: 4096 }),
	as_of: Type.Optional(Type.String({ maxLength: 64 }))
})
export type CheckLicenseRequest = Static<typeof CheckLicenseRequest>

export const CheckBatchRequest = Type.Object({
	...InternalHeader,
	domains: Type.Array(Type.Unknown(), { minItems: 1, maxItems: 100 })
})
export type CheckBatchRequest = Static<typeof CheckBatchRequest>

/** A check reply is the SPEC Check result (or batch result) object; its shape is owned by @lv/verdict. */
export const CheckReply = Type.Record(Type.String(), Type.Unknown())
export type CheckReply = Static<typeof CheckReply>
