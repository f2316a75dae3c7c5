import type { JurisdictionCode } from './types.ts'

/**
 * The hosts a jurisdiction's publications, pages, linked files, certificates and seals are read
 * from: the regulator's own (and the certificate and seal hosts it names), nothing else. Every one
 * is served over https; `httpHosts` would list a host the regulator really serves over plain http
 * (none today).
 */
export type RegulatorHosts = { hosts: readonly string[]; httpHosts: readonly string[] }

export const REGULATOR_HOSTS: Readonly<Record<JurisdictionCode, RegulatorHosts>> = {
	UKGC: { hosts: ['www.gamblingcommission.gov.uk'], httpHosts: [] },
	MGA: { hosts: ['mgalicenseeregister.mga.org.mt', 'mga.org.mt', 'www.mga.org.mt', 'authorisation.mga.org.mt'], httpHosts: [] },
	// cert.cga.cw: the licence certificates (REGISTERS.md §3: trust only cert.cga.cw)
	CW: { hosts: ['www.gamingcontrolcuracao.org', 'cert.cga.cw'], httpHosts: [] },
	KH: { hosts: ['gamingcommission.ca'], httpHosts: [] },
	AN: { hosts: ['anjouangaming.com'], httpHosts: [] },
	// validate.thetgc.ca: the per-domain validation seals
	TGC: { hosts: ['tobiquegaming.com', 'validate.thetgc.ca'], httpHosts: [] },
	IOM: { hosts: ['www.isleofmangsc.com'], httpHosts: [] }
}

/**
 * Why `url` is not one of the jurisdiction's sources, or null when it is: an absolute https URL
 * (http only on a listed http host) on one of its hosts, the default port, no user name or password.
 */
export function regulatorUrlRefusal(code: JurisdictionCode, url: string): string | null {
	let parsed: URL
	try {
		parsed = new URL(url)
	} catch {
		return 'not an absolute URL'
	}
	const allowed = REGULATOR_HOSTS[code]
	const hostname = parsed.hostname.replace(/\.$/, '')
	if (!allowed.hosts.includes(hostname)) return `${hostname || parsed.protocol} is not a ${code} regulator host`
	if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && allowed.httpHosts.includes(hostname)))
		return `${parsed.protocol} is not accepted for ${hostname}; https only`
	if (parsed.port !== '') return `port ${parsed.port} is not the regulator's`
	if (parsed.username !== '' || parsed.password !== '') return 'a URL with a user name or password'
	return null
}

export const isRegulatorUrl = (code: JurisdictionCode, url: string): boolean => regulatorUrlRefusal(code, url) === null
