import type { JurisdictionCode, PublicationKind } from '@lv/registers'

/**
 * Where each register publishes, in production. The CW register PDF and enforcement page URLs
 * are not public knowledge (REGISTERS.md: NOT FOUND); those two defaults are assumed.
 */
export const PRODUCTION_SOURCES: Record<JurisdictionCode, Partial<Record<PublicationKind, string>>> = {
	UKGC: {
		register: 'https://www.gamblingcommission.gov.uk/public-register/businesses/download',
		enforcement: 'https://www.gamblingcommission.gov.uk/public-register/regulatory-actions/print'
	},
	MGA: {
		register: 'https://mgalicenseeregister.mga.org.mt/',
		enforcement: 'https://www.mga.org.mt/licensee-hub/enforcement-register/'
	},
	CW: {
		register: 'https://www.gamingcontrolcuracao.org/wp-content/uploads/licensee-register.pdf',
		enforcement: 'https://www.gamingcontrolcuracao.org/enforcement-register/'
	},
	KH: { register: 'https://gamingcommission.ca/interactive-gaming/permit-holders/' },
	AN: { register: 'https://anjouangaming.com/license-register/' },
	TGC: { register: 'https://tobiquegaming.com/licensees/' },
	IOM: { register: 'https://www.isleofmangsc.com/gambling/supervision/online-gambling-licensee-register/' }
}

export type SourceOverrides = Partial<Record<`${JurisdictionCode}_${'REGISTER' | 'ENFORCEMENT'}`, string>>

/**
 * Resolves what a run reads. URLs inside the reader stay the regulator's own (so relative and
 * absolute links in pages resolve as published); with a base URL set (the local register
 * server), every fetch goes to `<base>/<host><path><query>` instead, and that is the URL recorded.
 */
export class Sources {
	constructor(
		private readonly baseUrl: string | null,
		private readonly overrides: SourceOverrides = {}
	) {}

	/** The canonical entry URL of a publication, or null when the jurisdiction publishes none of that kind. */
	entry(code: JurisdictionCode, kind: PublicationKind): string | null {
		const override = this.overrides[`${code}_${kind === 'register' ? 'REGISTER' : 'ENFORCEMENT'}`]
		return override ?? PRODUCTION_SOURCES[code][kind] ?? null
	}

	/** The URL actually requested for a canonical URL. */
	fetchUrl(canonical: string): string {
		if (this.baseUrl === null) return canonical
		const url = new URL(canonical)
		const base = new URL(this.baseUrl)
		if (url.host === base.host) return canonical
		return `${this.baseUrl.replace(/\/+$/, '')}/${url.host}${url.pathname}${url.search}`
	}
}
