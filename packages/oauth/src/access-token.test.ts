import { describe, expect, test } from 'bun:test'
import { ACCESS_TOKEN_TTL_SECONDS, type TokenSettings, signAccessToken, verifyAccessToken } from './access-token.ts'

const settings: TokenSettings = { secret: 'a'.repeat(40), issuer: 'http://app.localhost', audience: 'http://api.localhost/mcp/account' }
const claims = { userId: 'u1', accountId: 'a1', grantId: 'g1', clientId: 'c1', scope: 'account' }
const NOW = Date.UTC(2026, 10, 24, 12)

describe('access tokens', () => {
	test('a token verifies with its claims inside its lifetime', async () => {
		const token = await signAccessToken(settings, claims, NOW)
		expect(await verifyAccessToken(settings, token, NOW + 1000)).toEqual({ ok: true, claims })
	})

	test('a token is refused as expired once its lifetime has passed', async () => {
		const token = await signAccessToken(settings, claims, NOW)
		expect(await verifyAccessToken(settings, token, NOW + ACCESS_TOKEN_TTL_SECONDS * 1000 + 1000)).toEqual({
			ok: false,
			refusal: 'expired'
		})
	})

	test('a token for another audience is refused', async () => {
		const token = await signAccessToken({ ...settings, audience: 'http://other.example/mcp' }, claims, NOW)
		expect(await verifyAccessToken(settings, token, NOW)).toEqual({ ok: false, refusal: 'wrong_audience' })
	})

	test('a token of another issuer is refused', async () => {
		const token = await signAccessToken({ ...settings, issuer: 'http://evil.example' }, claims, NOW)
		expect(await verifyAccessToken(settings, token, NOW)).toEqual({ ok: false, refusal: 'wrong_issuer' })
	})

	test('a token signed with another secret, tampered with or not a JWT is invalid', async () => {
		const foreign = await signAccessToken({ ...settings, secret: 'b'.repeat(40) }, claims, NOW)
		expect(await verifyAccessToken(settings, foreign, NOW)).toEqual({ ok: false, refusal: 'invalid' })
		const [header, , signature] = (await signAccessToken(settings, claims, NOW)).split('.')
		const forgedPayload = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url')
		expect(await verifyAccessToken(settings, `${header}.${forgedPayload}.${signature}`, NOW)).toEqual({ ok: false, refusal: 'invalid' })
		expect(await verifyAccessToken(settings, 'lvk_notajwt', NOW)).toEqual({ ok: false, refusal: 'invalid' })
	})

	test('an unsigned token (alg none) is invalid', async () => {
		const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')
		const payload = Buffer.from(
			JSON.stringify({ iss: settings.issuer, aud: settings.audience, sub: 'u1', exp: NOW / 1000 + 60, jti: 'x' })
		).toString('base64url')
		expect(await verifyAccessToken(settings, `${header}.${payload}.`, NOW)).toEqual({ ok: false, refusal: 'invalid' })
	})
})
