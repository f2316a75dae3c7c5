import { describe, expect, test } from 'bun:test'
import { readSignUp } from './sign-up-input.ts'

const valid = { email: '  Owner@Example.COM ', password: 'correct horse battery', accountName: '  Acme Ltd ' }

describe('sign-up input', () => {
	test('email is trimmed and lowercased, the account name trimmed, the password kept as typed', () => {
		expect(readSignUp(valid)).toEqual({ input: { email: 'owner@example.com', password: 'correct horse battery', accountName: 'Acme Ltd' } })
	})

	test('an address without a dot in the domain, with spaces, or without @ is refused', () => {
		for (const email of ['owner@example', 'own er@example.com', 'owner.example.com', 'owner@@example.com', `${'a'.repeat(250)}@x.io`]) {
			expect(readSignUp({ ...valid, email })).toEqual({ errors: { email: expect.any(String) } })
		}
	})

	test('a password shorter than 10 or longer than 200 characters is refused', () => {
		expect(readSignUp({ ...valid, password: '123456789' })).toEqual({ errors: { password: 'Use at least 10 characters.' } })
		expect(readSignUp({ ...valid, password: 'x'.repeat(201) })).toEqual({ errors: { password: 'Use at most 200 characters.' } })
	})

	test('an empty, overlong or control-character account name is refused', () => {
		for (const accountName of ['   ', 'x'.repeat(101), 'Acme\u0000Ltd', 'Acme\u202eLtd']) {
			expect(readSignUp({ ...valid, accountName })).toEqual({ errors: { account_name: expect.any(String) } })
		}
	})

	test('every missing field is reported at once', () => {
		const result = readSignUp({})
		expect('errors' in result && Object.keys(result.errors).sort()).toEqual(['account_name', 'email', 'password'])
	})
})
