import { T, commonEnv, readConfig } from '@lv/config'

export const CheckerEnv = T.Object({
	...commonEnv,
	/** Safety net beside registry.changed: how often register_status.data_version is compared with the index. */
	CHECKER_POLL_INTERVAL_MS: T.Integer({ minimum: 1_000, default: 30_000 }),
	/** Connections for index rebuilds and as_of history look-ups. */
	CHECKER_DB_POOL: T.Integer({ minimum: 1, maximum: 100, default: 4 })
})

export type CheckerConfig = ReturnType<typeof readCheckerConfig>

export const readCheckerConfig = (env: Record<string, string | undefined>) => readConfig(CheckerEnv, env)
