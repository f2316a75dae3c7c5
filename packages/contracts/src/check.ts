import { type Static, Type } from '@sinclair/typebox'
import { InternalHeader } from './envelope.ts'
import { MAX_BATCH_DOMAINS } from './input-limits.ts'

/** The fields of one domain check and of one licence-number check (also the entries of check.many). */
export const DomainCheckFields = { domain: Type.String({ maxLength: 4096 }), as_of: Type.Optional(Type.String({ maxLength: 64 })) }
export const LicenseCheckFields = { license_number: Type.String({ maxLength: 4096 }), as_of: Type.Optional(Type.String({ maxLength: 64 })) }

export const CheckDomainRequest = Type.Object({ ...InternalHeader, ...DomainCheckFields })
export type CheckDomainRequest = Static<typeof CheckDomainRequest>

export const CheckLicenseRequest = Type.Object({ ...InternalHeader, ...LicenseCheckFields })
export type CheckLicenseRequest = Static<typeof CheckLicenseRequest>

export const CheckBatchRequest = Type.Object({
	...InternalHeader,
	domains: Type.Array(Type.Unknown(), { minItems: 1, maxItems: MAX_BATCH_DOMAINS }),
	/**
	 * Per entry, the tag of the row the sender holds for it ('' for none): the reply is then framed rows
	 * (encodeBatchRows), a row still equal to the one held travelling without its bytes. A checker that
	 * predates `known` ignores it and answers plainly, which the sender tells by the reply's first byte.
	 */
	known: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: MAX_BATCH_DOMAINS }))
})
export type CheckBatchRequest = Static<typeof CheckBatchRequest>

/** A check reply is the SPEC Check result (or batch result) object; its shape is owned by @lv/verdict. */
export const CheckReply = Type.Record(Type.String(), Type.Unknown())
export type CheckReply = Static<typeof CheckReply>
