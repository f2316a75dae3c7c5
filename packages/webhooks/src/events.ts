import { EVENT_NAMES, type EventName } from '@lv/contracts'

// One list for the whole project lives in @lv/contracts (the envelope schema uses it too).
export { API_VERSION, EVENT_NAMES, type EventName, TEST_EVENT_NAME, isEventName } from '@lv/contracts'

/** Accepted in an endpoint's `events` list but never emitted (SPEC "Events"). */
export const RESERVED_EVENT_NAMES = ['webhook.endpoint_degraded'] as const satisfies readonly EventName[]

/** The nine names the notifier actually sends. */
export const EMITTED_EVENT_NAMES: readonly EventName[] = EVENT_NAMES.filter(
	(name) => !(RESERVED_EVENT_NAMES as readonly string[]).includes(name)
)
