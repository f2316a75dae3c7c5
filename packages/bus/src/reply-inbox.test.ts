import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Msg } from '@nats-io/transport-node'
import type { AppError } from '@lv/errors'
import { type NatsHandle, startNats, waitFor } from '@lv/testing'
import { type Bus, connectBus, requestEncoded } from './index.ts'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

let nats: NatsHandle
let asker: Bus
let answerer: Bus

beforeAll(async () => {
	nats = await startNats()
	;[asker, answerer] = await Promise.all([
		connectBus({ servers: nats.url, name: 'reply-inbox-asker' }),
		connectBus({ servers: nats.url, name: 'reply-inbox-answerer' })
	])
})

afterAll(async () => {
	await Promise.all([asker.close(), answerer.close()])
	await nats.stop()
})

const ask = (bus: Bus, subject: string, text: string, timeoutMs: number) =>
	requestEncoded(bus, { subject, data: encoder.encode(text), timeoutMs, unavailableReason: 'checker_unavailable' }).then(
		(reply) => decoder.decode(reply.data),
		(error: AppError) => error
	)

/** A responder on `subject` that keeps each request until the test answers it. */
async function heldRequests(bus: Bus, subject: string) {
	const held: Msg[] = []
	const subscription = bus.nc.subscribe(subject, { callback: (_error, msg) => void held.push(msg) })
	await bus.nc.flush()
	return { held, stop: () => subscription.unsubscribe() }
}

describe('requests answered through one reply inbox', () => {
	test('concurrent requests each get their own reply, whatever order the replies come in', async () => {
		const responder = await heldRequests(answerer, 'inbox.order')
		const answers = Promise.all(['a', 'b', 'c'].map((text) => ask(asker, 'inbox.order', text, 5_000)))
		await waitFor(() => responder.held.length === 3, { what: 'three requests held' })
		for (const msg of [...responder.held].reverse()) msg.respond(encoder.encode(`re ${decoder.decode(msg.data)}`))
		expect(await answers).toEqual(['re a', 're b', 're c'])
		responder.stop()
	})

	test('a request unanswered in time is a 503; its reply coming later is ignored and the next request gets its own', async () => {
		const responder = await heldRequests(answerer, 'inbox.late')
		const failure = await ask(asker, 'inbox.late', 'first', 200)
		expect(failure).toMatchObject({ status: 503, reason: 'checker_unavailable' })
		const next = ask(asker, 'inbox.late', 'second', 5_000)
		await waitFor(() => responder.held.length === 2, { what: 'the second request held' })
		for (const msg of responder.held) msg.respond(encoder.encode(`re ${decoder.decode(msg.data)}`))
		expect(await next).toBe('re second')
		responder.stop()
	})

	test('with no responder the request fails at once, not at the end of its time budget', async () => {
		expect(await ask(asker, 'inbox.nobody', 'x', 60_000)).toMatchObject({ status: 503, reason: 'checker_unavailable' })
	})

	test('closing the connection fails the requests still waiting on it', async () => {
		const closing = await connectBus({ servers: nats.url, name: 'reply-inbox-closing' })
		const responder = await heldRequests(answerer, 'inbox.closing')
		const waiting = ask(closing, 'inbox.closing', 'x', 60_000)
		await waitFor(() => responder.held.length === 1, { what: 'the request held' })
		await closing.close()
		expect(await waiting).toMatchObject({ status: 503, reason: 'checker_unavailable' })
		responder.stop()
	})

	test('a request unanswered when the client reconnects is sent again on the new connection, and answered', async () => {
		const client = await connectBus({ servers: nats.url, name: 'reply-inbox-reconnecting' })
		const seen: string[] = []
		const subscription = answerer.nc.subscribe('inbox.reconnect', {
			// the first delivery is taken as lost with the old connection; the one sent again is answered
			callback: (_error, msg) => {
				seen.push(decoder.decode(msg.data))
				if (seen.length > 1) msg.respond(encoder.encode(`re ${decoder.decode(msg.data)}`))
			}
		})
		try {
			await answerer.nc.flush()
			const answer = ask(client, 'inbox.reconnect', 'again', 30_000)
			await waitFor(() => seen.length === 1, { what: 'the first delivery' })
			await client.nc.reconnect()
			expect(await answer).toBe('re again')
			expect(seen).toEqual(['again', 'again'])
		} finally {
			subscription.unsubscribe()
			await client.close()
		}
	})
})
