import { SignJWT, errors, jwtVerify } from 'jose'

/** Access tokens are short-lived: a revoked grant is also refused by the grant check on every call, this bounds a leaked token. */
export const ACCESS_TOKEN_TTL_SECONDS = 600

const ALGORITHM = 'HS256'

export type AccessTokenClaims = {
	/** The dashboard user who approved the grant. */
	userId: string
	accountId: string
	grantId: string
	clientId: string
	scope: string
}

export type TokenSettings = {
	/** OAUTH_TOKEN_SECRET: at least 32 characters, shared by the dashboard (signs) and the gateway (verifies). */
	secret: string
	/** The authorisation server's issuer identifier ({app_url}). */
	issuer: string
	/** The protected resource the token is bound to (RFC 8707), {mcp_url}/mcp/account. */
	audience: string
}

const keyOf = (secret: string) => new TextEncoder().encode(secret)

/** A signed JWT access token (RFC 9068 profile) for one grant, bound to one audience. */
export async function signAccessToken(settings: TokenSettings, claims: AccessTokenClaims, nowMs: number): Promise<string> {
	const issuedAt = Math.floor(nowMs / 1000)
	return new SignJWT({ client_id: claims.clientId, scope: claims.scope, account_id: claims.accountId, grant_id: claims.grantId })
		.setProtectedHeader({ alg: ALGORITHM, typ: 'at+jwt' })
		.setIssuer(settings.issuer)
		.setAudience(settings.audience)
		.setSubject(claims.userId)
		.setIssuedAt(issuedAt)
		.setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
		.setJti(crypto.randomUUID())
		.sign(keyOf(settings.secret))
}

/** Why a presented access token is refused; each maps to `invalid_token` (RFC 6750) with this description. */
export type TokenRefusal = 'expired' | 'wrong_audience' | 'wrong_issuer' | 'invalid'

export type VerifiedToken = { ok: true; claims: AccessTokenClaims } | { ok: false; refusal: TokenRefusal }

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null)

/** Checks signature, algorithm, type, issuer, audience and expiry at `nowMs` (the injected clock). */
export async function verifyAccessToken(settings: TokenSettings, token: string, nowMs: number): Promise<VerifiedToken> {
	try {
		const { payload } = await jwtVerify(token, keyOf(settings.secret), {
			algorithms: [ALGORITHM],
			typ: 'at+jwt',
			issuer: settings.issuer,
			audience: settings.audience,
			currentDate: new Date(nowMs),
			requiredClaims: ['exp', 'sub', 'jti']
		})
		const [userId, accountId, grantId, clientId, scope] = [
			payload.sub,
			payload.account_id,
			payload.grant_id,
			payload.client_id,
			payload.scope
		].map(text)
		if (!userId || !accountId || !grantId || !clientId || !scope) return { ok: false, refusal: 'invalid' }
		return { ok: true, claims: { userId, accountId, grantId, clientId, scope } }
	} catch (error) {
		if (error instanceof errors.JWTExpired) return { ok: false, refusal: 'expired' }
		if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'aud') return { ok: false, refusal: 'wrong_audience' }
		if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'iss') return { ok: false, refusal: 'wrong_issuer' }
		return { ok: false, refusal: 'invalid' }
	}
}
