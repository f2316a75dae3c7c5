import { createInbox } from '@nats-io/nats-core'
import type { Static, TSchema } from '@sinclair/typebox'
import type { Logger } from '@lv/logger'
import type { Bus } from './connect.ts'
import { decode, encode } from './codec.ts'
import { InvalidPayloadError } from './errors.ts'

export type Scatter<Req extends TSchema> = {
	/** Sends one request to every responder of the subject; returns its number, which its replies carry. */
	send(body: Static<Req>): number
	stop(): Promise<void>
}

/**
 * Requests answered by every responder of a subject (a plain subscription on their side, no queue group),
 * each reply handed to `onReply` with the number of the request it answers: each request has a reply
 * subject of its own under one inbox. Replies that break `replySchema` are logged and dropped.
 */
export function scatter<Req extends TSchema, Res extends TSchema>(
	bus: Bus,
	options: { subject: string; schema: Req; replySchema: Res; logger: Logger; onReply: (reply: Static<Res>, request: number) => void }
): Scatter<Req> {
	const { subject, schema, replySchema, logger, onReply } = options
	const inbox = createInbox()
	let sent = 0
	const subscription = bus.nc.subscribe(`${inbox}.*`, {
		callback: (error, msg) => {
			if (error) return logger.error('reply subscription error', { subject, error })
			const request = Number(msg.subject.slice(inbox.length + 1))
			try {
				onReply(decode(replySchema, subject, msg.data), request)
			} catch (invalid) {
				if (!(invalid instanceof InvalidPayloadError)) throw invalid
				logger.warn('ignoring an invalid reply', { subject, problems: invalid.problems })
			}
		}
	})
	return {
		send(body) {
			sent++
			bus.nc.publish(subject, encode(schema, subject, body), { reply: `${inbox}.${sent}` })
			return sent
		},
		async stop() {
			await subscription.drain()
		}
	}
}
