import { expect, test } from 'bun:test'
import { openForSession, sealForSession } from './sealed-query.ts'

test('a value sealed in a session opens in that session only, and an altered or absent seal opens as null', () => {
	const sealed = sealForSession('session-a', { added: 2 })
	expect(openForSession('session-a', sealed)).toEqual({ added: 2 })
	expect(openForSession('session-b', sealed)).toBeNull()
	const [payload, signature] = sealed.split('.')
	const forged = `${Buffer.from('{"added":900}').toString('base64url')}.${signature}`
	expect(openForSession('session-a', forged)).toBeNull()
	expect(openForSession('session-a', `${payload}.${signature}.extra`)).toBeNull()
	expect(openForSession('session-a', undefined)).toBeNull()
})
