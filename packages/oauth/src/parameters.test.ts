import { describe, expect, test } from 'bun:test'
import { readOAuthParameters, repeatedParametersError } from './parameters.ts'

const read = (query: string, names: string[]) => {
	const search = new URLSearchParams(query)
	return readOAuthParameters(names, (name) => search.getAll(name))
}

describe('OAuth request parameters (RFC 6749 §3.1)', () => {
	test('a parameter sent twice reads as absent and is named as repeated, whichever value came last', () => {
		expect(read('client_id=a&state=s1&state=s2', ['client_id', 'state'])).toEqual({
			values: { client_id: 'a', state: undefined },
			repeated: ['state']
		})
	})

	test('an empty value counts as omitted, so it neither repeats a parameter nor is read', () => {
		expect(read('code=&code=x&scope=', ['code', 'scope'])).toEqual({ values: { code: 'x', scope: undefined }, repeated: [] })
	})

	test('a parameter the endpoint does not read may repeat', () => {
		expect(read('code=x&extra=1&extra=2', ['code']).repeated).toEqual([])
	})

	test('repeats are invalid_request; resource alone repeated is invalid_target (RFC 8707 §2)', () => {
		expect(repeatedParametersError([])).toBeNull()
		expect(repeatedParametersError(['state'])?.error).toBe('invalid_request')
		expect(repeatedParametersError(['resource'])?.error).toBe('invalid_target')
		expect(repeatedParametersError(['resource', 'code'])?.error).toBe('invalid_request')
	})
})
