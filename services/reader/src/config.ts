import { T, commonEnv, readConfig, splitList } from '@lv/config'
import { allowsOrigin } from '@lv/net-policy'
import { JURISDICTION_CODES, type JurisdictionCode } from '@lv/registers'
import { DEFAULT_MAX_FILE_BYTES } from './fetch/http-fetcher.ts'
import { DEFAULT_RUN_LIMITS } from './fetch/run-allowance.ts'
import { sourcePolicy } from './fetch/source-policy.ts'
import { type SourceOverrides, Sources } from './sources.ts'

export const ReaderEnv = T.Object({
	...commonEnv,
	READER_JURISDICTIONS: T.String({
		default: JURISDICTION_CODES.join(','),
		description: 'comma-separated jurisdiction codes this process reads'
	}),
	READER_SOURCE_BASE_URL: T.String({
		default: '',
		description: 'when set, every publication is fetched from <base>/<host><path> (the local register server)'
	}),
	READER_RUN_ON_START: T.Boolean({ default: false, description: 'enqueue a read of every jurisdiction at start' }),
	READER_SOURCE_ALLOW_LIST: T.String({
		default: '',
		description:
			'comma-separated host:port origins and IP/CIDR blocks read although they are no regulator host or public address (the local register server)'
	}),
	READER_SOURCE_ALLOW_FILES: T.Boolean({ default: false, description: 'read file: source URLs (local copies of publications)' }),
	READER_FETCH_TIMEOUT_MS: T.Integer({ minimum: 100, default: 30_000, description: 'one file: every redirect, connect to last byte' }),
	READER_MAX_FILE_BYTES: T.Integer({
		minimum: 1024,
		default: DEFAULT_MAX_FILE_BYTES,
		description: 'one file, on the wire and after content decoding'
	}),
	READER_RUN_MAX_BYTES: T.Integer({
		minimum: 1024,
		default: DEFAULT_RUN_LIMITS.bytes,
		description: 'one run or certificate/seal batch, on the wire and after content decoding'
	}),
	READER_RUN_FETCH_TIMEOUT_MS: T.Integer({
		minimum: 100,
		default: DEFAULT_RUN_LIMITS.timeMs,
		description: 'fetching time of one run or certificate/seal batch'
	}),
	READER_MAX_FILES: T.Integer({ minimum: 1, default: 500, description: 'files one publication read may fetch (pages, linked files)' }),
	READER_GRACE_READS: T.Integer({ minimum: 1, default: 2, description: 'consecutive reads missing a licence before not_in_register' }),
	READER_GRACE_HOURS: T.Integer({ minimum: 0, default: 48, description: 'and hours since the first missed read' }),
	READER_SCHEDULE_CHECK_MS: T.Integer({
		minimum: 1000,
		default: 60_000,
		description: 'how often the scheduler checks whether a daily slot is due'
	}),
	READER_OUTBOX_POLL_MS: T.Integer({ minimum: 50, default: 1_000 }),
	READER_VERIFICATION_BATCH_CW: T.Integer({
		minimum: 1,
		default: 200,
		description: 'CW licence certificates read per daily batch at least, oldest reading first'
	}),
	READER_CERTIFICATE_CYCLE_DAYS: T.Integer({
		minimum: 1,
		default: 3,
		description: 'every CW licence certificate is read within this many daily batches (the batch grows to fit)'
	}),
	READER_USER_AGENT: T.String({ default: 'licence-verify-reader/1 (+https://licence-verify.example/bot)' })
})

export type ReaderConfig = ReturnType<typeof readReaderConfig>

const OVERRIDE = /^READER_SOURCE_([A-Z0-9]+)_(REGISTER|ENFORCEMENT)$/

/** Reads the reader's environment once; READER_SOURCE_<CODE>_<REGISTER|ENFORCEMENT> override single publications. */
export function readReaderConfig(env: Record<string, string | undefined>) {
	const base = readConfig(ReaderEnv, env)
	const jurisdictions = splitList(base.READER_JURISDICTIONS).map((code) => code.toUpperCase())
	const unknown = jurisdictions.filter((code) => !(JURISDICTION_CODES as readonly string[]).includes(code))
	if (unknown.length > 0) throw new Error(`READER_JURISDICTIONS names unknown jurisdictions: ${unknown.join(', ')}`)
	const overrides: SourceOverrides = {}
	for (const [key, value] of Object.entries(env)) {
		const match = OVERRIDE.exec(key)
		if (match && value) overrides[`${match[1]}_${match[2]}` as keyof SourceOverrides] = value
	}
	const policy = sourcePolicy(splitList(base.READER_SOURCE_ALLOW_LIST), { allowFiles: base.READER_SOURCE_ALLOW_FILES })
	if (base.READER_SOURCE_BASE_URL !== '' && !allowsOrigin(policy.allowList, new URL(base.READER_SOURCE_BASE_URL))) {
		throw new Error(
			`READER_SOURCE_BASE_URL ${base.READER_SOURCE_BASE_URL} is no regulator host: list its host:port in READER_SOURCE_ALLOW_LIST`
		)
	}
	return Object.freeze({
		...base,
		jurisdictions: jurisdictions as JurisdictionCode[],
		policy,
		runLimits: { bytes: base.READER_RUN_MAX_BYTES, wireBytes: base.READER_RUN_MAX_BYTES, timeMs: base.READER_RUN_FETCH_TIMEOUT_MS },
		sources: new Sources(base.READER_SOURCE_BASE_URL === '' ? null : base.READER_SOURCE_BASE_URL, overrides),
		grace: { missedReads: base.READER_GRACE_READS, minimumMs: base.READER_GRACE_HOURS * 3_600_000 }
	})
}
