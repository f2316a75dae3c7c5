import {
	type Msg,
	type MsgHdrs,
	type NatsConnection,
	NoRespondersError,
	RequestError,
	TimeoutError,
	createInbox
} from '@nats-io/transport-node'
import type { Bus } from './connect.ts'

/** NATS's status for "no one is subscribed to the subject": the server's reply to the request's inbox. */
const NO_RESPONDERS = 503

type Waiting = {
	subject: string
	data: Uint8Array
	headers: MsgHdrs | undefined
	resolve(reply: Msg): void
	reject(error: unknown): void
	timer: ReturnType<typeof setTimeout>
}

/**
 * Every request of one connection waits for its reply on one subscription, `<inbox>.<n>` (ADR 0065): a request
 * is a map entry, a timer and a publish, not the client's own request machinery (a mux entry, a deferred, a timer
 * promise and an error built for every settled request). A request still unanswered when the client reconnects is
 * sent again on the new connection, within its time budget: its server died with it, or with its reply, and one
 * sent while disconnected may have been dropped. A reply that comes after its request timed out, or a second
 * reply, is ignored. No responders, or the connection closing, fails the request at once.
 */
class ReplyInbox {
	readonly #nc: NatsConnection
	readonly #prefix = `${createInbox()}.`
	readonly #waiting = new Map<string, Waiting>()
	#sent = 0

	constructor(bus: Bus) {
		this.#nc = bus.nc
		const subscription = bus.nc.subscribe(`${this.#prefix}*`, { callback: (_error, reply) => this.#settle(reply) })
		bus.onReconnect(() => {
			for (const [token, waiting] of this.#waiting) this.#send(token, waiting)
		})
		void subscription.closed.then(() => this.#failAll(new RequestError('connection closed')))
	}

	/** The reply to `data` sent on `subject`; rejected with TimeoutError after `timeoutMs`, NoRespondersError at once. */
	request(subject: string, data: Uint8Array, timeoutMs: number, headers?: MsgHdrs): Promise<Msg> {
		const token = String(++this.#sent)
		return new Promise<Msg>((resolve, reject) => {
			const timer = setTimeout(() => this.#fail(token, new TimeoutError()), timeoutMs)
			const waiting: Waiting = { subject, data, headers, resolve, reject, timer }
			this.#waiting.set(token, waiting)
			this.#send(token, waiting)
		})
	}

	#send(token: string, waiting: Waiting): void {
		try {
			const reply = `${this.#prefix}${token}`
			this.#nc.publish(waiting.subject, waiting.data, waiting.headers ? { reply, headers: waiting.headers } : { reply })
		} catch (error) {
			this.#fail(token, error)
		}
	}

	#settle(reply: Msg): void {
		const token = reply.subject.slice(this.#prefix.length)
		const waiting = this.#waiting.get(token)
		if (waiting === undefined) return
		if (reply.data.length === 0 && reply.headers?.code === NO_RESPONDERS) {
			this.#fail(token, new NoRespondersError(waiting.subject))
			return
		}
		this.#waiting.delete(token)
		clearTimeout(waiting.timer)
		waiting.resolve(reply)
	}

	#fail(token: string, error: unknown): void {
		const waiting = this.#waiting.get(token)
		if (waiting === undefined) return
		this.#waiting.delete(token)
		clearTimeout(waiting.timer)
		waiting.reject(error)
	}

	#failAll(error: unknown): void {
		for (const token of [...this.#waiting.keys()]) this.#fail(token, error)
	}
}

const inboxes = new WeakMap<NatsConnection, ReplyInbox>()

/** The connection's reply inbox, subscribed at its first request. */
export function replyInboxOf(bus: Bus): ReplyInbox {
	let inbox = inboxes.get(bus.nc)
	if (inbox === undefined) {
		inbox = new ReplyInbox(bus)
		inboxes.set(bus.nc, inbox)
	}
	return inbox
}
