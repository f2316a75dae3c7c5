import { T, commonEnv, readConfig } from '@lv/config'

export const CheckerEnv = T.Object({
	...commonEnv,
	/** Safety net beside registry.changed: how often register_status.data_version is compared with the index. */
	CHECKER_POLL_INTERVAL_MS: T.Integer({ minimum: 1_000, default: 30_000 })
})

export type CheckerConfig = ReturnType<typeof readCheckerConfig>

export const readCheckerConfig = (env: Record<string, string | undefined>) => readConfig(CheckerEnv, env)
