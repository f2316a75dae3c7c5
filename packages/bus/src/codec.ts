import type { Static, TSchema } from '@sinclair/typebox'
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler'
import { InvalidPayloadError } from './errors.ts'

const compiled = new WeakMap<TSchema, TypeCheck<TSchema>>()

function checkerFor<S extends TSchema>(schema: S): TypeCheck<S> {
	let check = compiled.get(schema)
	if (!check) {
		check = TypeCompiler.Compile(schema)
		compiled.set(schema, check)
	}
	return check as TypeCheck<S>
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/** Validates then serialises a body; a body that breaks its own schema is a programming error. */
export function encode<S extends TSchema>(schema: S, subject: string, body: Static<S>): Uint8Array {
	assertValid(schema, subject, body)
	return encodeUnvalidated(body)
}

/**
 * Serialises a body without validating it, for a hot path whose body's type is checked at compile time and whose
 * tests validate what it sends (ADR 0065); the receiver validates as always.
 */
export function encodeUnvalidated(body: unknown): Uint8Array {
	return encoder.encode(JSON.stringify(body))
}

export function decode<S extends TSchema>(schema: S, subject: string, data: Uint8Array): Static<S> {
	return decodeText(schema, subject, decoder.decode(data))
}

/** decode, for JSON already read as text (a header's value). */
export function decodeText<S extends TSchema>(schema: S, subject: string, text: string): Static<S> {
	let value: unknown
	try {
		value = JSON.parse(text)
	} catch {
		throw new InvalidPayloadError(subject, ['body is not JSON'])
	}
	assertValid(schema, subject, value)
	return value
}

function assertValid<S extends TSchema>(schema: S, subject: string, value: unknown): asserts value is Static<S> {
	const check = checkerFor(schema)
	if (check.Check(value)) return
	const problems = [...check.Errors(value)].slice(0, 5).map((error) => `${error.path || '/'} ${error.message}`)
	throw new InvalidPayloadError(subject, problems)
}
