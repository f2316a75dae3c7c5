import { describe, expect, test } from 'bun:test'
import { redirectUriRefusal, redirectUriRegistered } from './redirect-uri.ts'

describe('redirect URIs at registration', () => {
	test('https, loopback http and a native app scheme are accepted', () => {
		for (const uri of [
			'https://assistant.example/oauth/callback',
			'http://127.0.0.1:53682/callback',
			'http://localhost:3334/cb',
			'http://[::1]:9000/',
			'cursor://anysphere.cursor-mcp/oauth/callback'
		])
			expect(redirectUriRefusal(uri)).toBeNull()
	})

	test('javascript:, data: and file: are refused as dangerous schemes', () => {
		expect(redirectUriRefusal('javascript:alert(document.cookie)')).toBe('dangerous_scheme')
		expect(redirectUriRefusal('data:text/html,<script>1</script>')).toBe('dangerous_scheme')
		expect(redirectUriRefusal('file:///etc/passwd')).toBe('dangerous_scheme')
	})

	test('http to a host other than loopback is refused', () => {
		expect(redirectUriRefusal('http://assistant.example/callback')).toBe('http_not_loopback')
		expect(redirectUriRefusal('http://127.0.0.1.evil.example/callback')).toBe('http_not_loopback')
	})

	test('relative URIs and fragments are refused', () => {
		expect(redirectUriRefusal('/callback')).toBe('not_absolute')
		expect(redirectUriRefusal('https://assistant.example/cb#frag')).toBe('has_fragment')
	})

	test('a space, a line break, a NUL or another control character is refused, wherever it stands', () => {
		for (const uri of [
			'https://assistant.example/cb\u0000',
			'https://assistant.example/c b',
			' https://assistant.example/cb',
			'https://assistant.example/cb\n',
			'https://assistant.example/\tcb',
			'cursor://anysphere\u0085/cb',
			'myapp://cb\u007f'
		])
			expect(redirectUriRefusal(uri)).toBe('space_or_control_character')
	})

	test('a loopback http URI may name any port (RFC 8252 §7.3); the rest of it is matched exactly', () => {
		const registered = ['http://127.0.0.1:33418/', 'http://localhost/callback', 'http://[::1]:9000/cb?x=1']
		for (const presented of ['http://127.0.0.1:50123/', 'http://127.0.0.1/', 'http://localhost:61000/callback', 'http://[::1]/cb?x=1'])
			expect(redirectUriRegistered(registered, presented)).toBe(true)
		for (const presented of [
			'http://127.0.0.1:50123/other',
			'http://127.0.0.1:50123',
			'http://localhost:61000/callback/',
			'http://LOCALHOST:61000/callback',
			'http://127.0.0.1:50123@evil.example/',
			'http://127.0.0.1:99999/',
			'http://[::1]:9001/cb?x=2',
			'https://127.0.0.1:33418/'
		])
			expect(redirectUriRegistered(registered, presented)).toBe(false)
	})

	test('any other URI may not change its port', () => {
		expect(redirectUriRegistered(['https://assistant.example/cb'], 'https://assistant.example:8443/cb')).toBe(false)
		expect(redirectUriRegistered(['cursor://anysphere/cb'], 'cursor://anysphere:1/cb')).toBe(false)
	})

	test('matching is exact: no prefix, case or trailing-slash leniency', () => {
		const registered = ['https://assistant.example/cb']
		expect(redirectUriRegistered(registered, 'https://assistant.example/cb')).toBe(true)
		for (const presented of [
			'https://assistant.example/cb/',
			'https://assistant.example/cb?x=1',
			'https://ASSISTANT.example/cb',
			'https://assistant.example/c'
		])
			expect(redirectUriRegistered(registered, presented)).toBe(false)
	})
})
