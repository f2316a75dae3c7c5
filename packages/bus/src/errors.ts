/** A failure worth retrying later (connection, timeout, 5xx upstream): the message is nak'ed with a delay. */
export class TransientError extends Error {
	override readonly name: string = 'TransientError'
	constructor(
		message: string,
		readonly retryAfterMs = 5_000,
		options?: ErrorOptions
	) {
		super(message, options)
	}
}

/** A failure that retrying cannot fix: the message is terminated. */
export class PermanentError extends Error {
	override readonly name: string = 'PermanentError'
}

/** A message whose body does not match its schema. */
export class InvalidPayloadError extends PermanentError {
	override readonly name = 'InvalidPayloadError'
	constructor(
		readonly subject: string,
		readonly problems: string[]
	) {
		super(`invalid payload on ${subject}: ${problems.slice(0, 3).join('; ')}`)
	}
}
