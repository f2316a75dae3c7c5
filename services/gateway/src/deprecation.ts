import { Elysia } from 'elysia'

/** SPEC Versioning 3: at least this long between the Deprecation date and the Sunset date. */
export const MIN_SUNSET_NOTICE_MS = 90 * 86_400_000

export type DeprecationMark = { deprecatedAt: string | Date; sunsetAt: string | Date }

/**
 * The two headers of a deprecated route or field: `Deprecation` (RFC 9745, structured-field date
 * `@<unix-epoch>`) and `Sunset` (RFC 8594, HTTP-date). A mark whose sunset is less than 90 days after
 * its deprecation is refused when it is made, so it can never be served.
 */
export function deprecationHeaders(mark: DeprecationMark): { Deprecation: string; Sunset: string } {
	const deprecatedAt = new Date(mark.deprecatedAt).getTime()
	const sunsetAt = new Date(mark.sunsetAt).getTime()
	if (Number.isNaN(deprecatedAt) || Number.isNaN(sunsetAt)) throw new Error('deprecation mark needs valid dates')
	if (sunsetAt - deprecatedAt < MIN_SUNSET_NOTICE_MS) throw new Error('Sunset must be at least 90 days after Deprecation')
	return { Deprecation: `@${Math.floor(deprecatedAt / 1000)}`, Sunset: new Date(sunsetAt).toUTCString() }
}

/**
 * `.get('/v1/old', handler, { deprecated: { deprecatedAt: '2027-01-01', sunsetAt: '2027-04-15' } })`
 * puts both headers on every response of the route, errors included. For a deprecated field, call
 * `deprecationHeaders` in the handler and set them when the field is in the body.
 */
export const deprecation = () =>
	new Elysia().macro({
		deprecated: (mark: DeprecationMark) => {
			const headers = deprecationHeaders(mark)
			return {
				mapResponse({ response, set }) {
					for (const [name, value] of Object.entries(headers)) {
						if (response instanceof Response) response.headers.set(name, value)
						else set.headers[name] = value
					}
				}
			}
		}
	})
