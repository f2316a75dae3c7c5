import { withDeadline } from '@lv/clock'

/** Polls `probe` until it returns a truthy value or the deadline passes; for waiting on effects, never for time. */
export async function waitFor<T>(
	probe: () => Promise<T | undefined | null | false> | T | undefined | null | false,
	{ timeoutMs = 10_000, intervalMs = 25, what = 'condition' }: { timeoutMs?: number; intervalMs?: number; what?: string } = {}
): Promise<T> {
	const deadline = Date.now() + timeoutMs
	let lastError: unknown
	while (Date.now() < deadline) {
		try {
			const value = await probe()
			if (value) return value
		} catch (error) {
			lastError = error
		}
		await Bun.sleep(intervalMs)
	}
	throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError })
}

export async function canConnect(port: number, host = '127.0.0.1'): Promise<boolean> {
	try {
		const socket = await Bun.connect({ hostname: host, port, socket: { data() {}, error() {} } })
		socket.end()
		return true
	} catch {
		return false
	}
}

export async function freePort(): Promise<number> {
	const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
	const port = server.port
	server.stop(true)
	return port
}

/**
 * Waits for a teardown step at most `ms`, then goes on with a warning naming it: a step that never
 * settles (a close whose callback never comes) must not fail the test file it cleans up after.
 */
export async function settleWithin(what: string, step: Promise<unknown>, ms: number): Promise<void> {
	const late = new Error(`${what} did not settle within ${ms} ms`)
	const failure = await withDeadline(step, ms, { error: () => late }).then(
		() => undefined,
		(error: unknown) => error
	)
	if (failure === late) console.warn(`teardown: ${what} did not settle within ${ms} ms`)
	else if (failure !== undefined) console.warn(`teardown: ${what} failed: ${String(failure)}`)
}
