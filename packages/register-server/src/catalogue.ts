import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** The adapters' committed fixtures: the register server serves them under `/<regulator host><path>`. */
export const FIXTURES_DIR = join(import.meta.dir, '..', '..', 'registers', 'fixtures')

export type Fixture = { file: string; contentType: string }

const CONTENT_TYPES: Record<string, string> = {
	csv: 'text/csv; charset=utf-8',
	html: 'text/html; charset=utf-8',
	pdf: 'application/pdf',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}

export const contentTypeOf = (file: string) => CONTENT_TYPES[file.slice(file.lastIndexOf('.') + 1)] ?? 'application/octet-stream'

const fixture = (file: string): Fixture => ({ file, contentType: contentTypeOf(file) })

/** Static routes: `<host><path>` (query ignored unless listed in QUERY_ROUTES). */
const ROUTES: Record<string, string> = {
	'www.gamblingcommission.gov.uk/public-register/businesses/download': 'ukgc/download.html',
	'www.gamblingcommission.gov.uk/downloads/business-licence-register-businesses.csv': 'ukgc/business-licence-register-businesses.csv',
	'www.gamblingcommission.gov.uk/downloads/business-licence-register-licences.csv': 'ukgc/business-licence-register-licences.csv',
	'www.gamblingcommission.gov.uk/downloads/business-licence-register-trading-names.csv': 'ukgc/business-licence-register-trading-names.csv',
	'www.gamblingcommission.gov.uk/downloads/business-licence-register-domain-names.csv': 'ukgc/business-licence-register-domain-names.csv',
	'www.gamblingcommission.gov.uk/public-register/regulatory-actions/print': 'ukgc/regulatory-actions-print.html',
	'mgalicenseeregister.mga.org.mt/': 'mga/register-page-1.html',
	'www.mga.org.mt/licensee-hub/enforcement-register/': 'mga/enforcement-register.html',
	'www.gamingcontrolcuracao.org/wp-content/uploads/licensee-register.pdf': 'cw/register.pdf',
	'www.gamingcontrolcuracao.org/enforcement-register/': 'cw/enforcement-register.html',
	'gamingcommission.ca/interactive-gaming/permit-holders/': 'kh/permit-holders.html',
	'anjouangaming.com/license-register/': 'an/license-register.html',
	'tobiquegaming.com/licensees/': 'tgc/licensees.html',
	'tobiquegaming.com/licensees/page/2/': 'tgc/licensees-page-2.html',
	'www.isleofmangsc.com/gambling/supervision/online-gambling-licensee-register/': 'iom/online-gambling-licensee-register.html',
	'www.isleofmangsc.com/media/2304/26-10-02-current-ogra-licence-holders.xlsx': 'iom/26-10-02-current-ogra-licence-holders.xlsx',
	'www.isleofmangsc.com/media/2210/26-06-01-current-ogra-licence-holders.xlsx': 'iom/26-06-01-current-ogra-licence-holders.xlsx'
}

/** The route key of a request path: `/<host>/<path>` -> `<host>/<path>`. */
export const routeKey = (pathname: string) => decodeURIComponent(pathname.replace(/^\/+/, ''))

function sealsBy(dir: string, prefix: string, pick: (text: string) => string | undefined): Map<string, string> {
	const map = new Map<string, string>()
	for (const name of readdirSync(join(FIXTURES_DIR, dir)).filter((file) => file.startsWith(prefix))) {
		const key = pick(readFileSync(join(FIXTURES_DIR, dir, name), 'utf8'))
		if (key && !map.has(key)) map.set(key, `${dir}/${name}`)
	}
	return map
}

let mgaSeals: Map<string, string> | undefined
let tgcSeals: Map<string, string> | undefined

/** The fixture a request names, or null. Seal and certificate pages are chosen by their query. */
export function resolveFixture(url: URL): Fixture | null {
	const key = routeKey(url.pathname)
	if (key === 'mgalicenseeregister.mga.org.mt/' && url.searchParams.get('page') === '2') return fixture('mga/register-page-2.html')
	const direct = ROUTES[key]
	if (direct) return fixture(direct)
	if (key === 'authorisation.mga.org.mt/verification.aspx') {
		mgaSeals ??= sealsBy('mga', 'seal-', (text) => /company=([0-9a-f-]{36})/i.exec(text)?.[1]?.toLowerCase())
		const file = mgaSeals.get((url.searchParams.get('company') ?? '').toLowerCase())
		return file ? fixture(file) : null
	}
	if (key === 'cert.cga.cw/token') {
		// Every CW licence of the fixtures has its page (cw/certificates/token-<id>.html); any other id is
		// answered as the real site answers an unknown token: HTTP 200 "cannot be found or the token has expired".
		const id = url.searchParams.get('id') ?? ''
		const page = `cw/certificates/token-${id}.html`
		return fixture(/^\d{1,5}$/.test(id) && existsSync(join(FIXTURES_DIR, page)) ? page : 'cw/certificate-token-expired.html')
	}
	if (key === 'validate.thetgc.ca/validate') {
		tgcSeals ??= sealsBy('tgc', 'seal-', (text) => /<th>Domain:<\/th><td>([^<]+)<\/td>/.exec(text)?.[1]?.trim().toLowerCase())
		const domain = (url.searchParams.get('domain') ?? '').toLowerCase()
		// A seal the fixtures do not hold is the valid B2C page printed for the queried domain (see scenarios.ts).
		return fixture(tgcSeals.get(domain) ?? 'tgc/seal-valid-b2c.html')
	}
	return null
}

export function readFixture(file: string): Uint8Array {
	return new Uint8Array(readFileSync(join(FIXTURES_DIR, file)))
}
