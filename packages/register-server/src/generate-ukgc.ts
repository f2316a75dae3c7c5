import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

export type GeneratedUkgc = {
	businesses: string
	licences: string
	tradingNames: string
	domainNames: string
	licenceCount: number
	domainCount: number
}

export type GenerateOptions = { licences: number; domains: number; seed?: number }

/** A small deterministic PRNG (mulberry32), so a generated register is the same on every run. */
export function random(seed: number): () => number {
	let state = seed >>> 0
	return () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
	}
}

const ACTIVITIES = [
	'Casino',
	'Bingo',
	'General Betting Standard - Real Event',
	'Pool Betting',
	'External Lottery Manager',
	'General Betting Limited'
]
const STATUSES: [string, number][] = [
	['Active', 0.86],
	['Surrendered', 0.05],
	['Lapsed', 0.03],
	['Revoked', 0.02],
	['Suspended', 0.01],
	['Expired', 0.02],
	['Pending', 0.01]
]
const WORDS = [
	'Kestrel',
	'Harbour',
	'Copper',
	'Tollgate',
	'Saltmarsh',
	'Bramble',
	'Quay',
	'North',
	'Vale',
	'Lantern',
	'Ember',
	'Crest',
	'Maple',
	'Talon',
	'Fern'
]
const TLDS = ['co.uk', 'com', 'uk', 'bet', 'casino', 'net']

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`
const row = (...cells: string[]) => cells.map(quote).join(',')

/**
 * UKGC-shaped register CSVs (the four files, headers and quirks of the real export: quoted values,
 * a BOM, one row per licence x activity, domains and trading names on the account) of any size.
 */
export function generateUkgcRegister(options: GenerateOptions): GeneratedUkgc {
	const next = random(options.seed ?? 20_261_101)
	const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T
	const accounts = Math.max(1, Math.ceil(options.licences / 2))
	const businesses = ['\ufeffAccount Number,Licence Account Name']
	const licences = ['\ufeffAccount Number,Licence Number,Status,Type,Activity,Start Date,End Date']
	const tradingNames = ['\ufeffAccount Number,Trading Name,Status']
	const domainNames = ['\ufeffAccount Number,Domain Name,Status']
	const remoteAccounts: number[] = []
	let serial = 300_000
	let licenceCount = 0
	for (let a = 0; a < accounts; a++) {
		const account = 10_000 + a
		const name = `${pick(WORDS)} ${pick(WORDS)} ${a} Limited`
		businesses.push(row(String(account), name))
		if (next() < 0.5) tradingNames.push(row(String(account), `${pick(WORDS)}Bet ${a}`, next() < 0.9 ? 'Active' : 'Inactive'))
		let remote = false
		for (let l = 0; l < 2 && licenceCount < options.licences; l++, licenceCount++) {
			const letter = next() < 0.7 ? 'R' : next() < 0.5 ? 'N' : 'A'
			remote ||= letter === 'R'
			const type = letter === 'R' ? 'Remote' : letter === 'N' ? 'Non-Remote' : 'Ancillary Remote'
			const number = `${String(account).padStart(6, '0')}-${letter}-${String(serial++).padStart(6, '0')}-${String(1 + Math.floor(next() * 20)).padStart(3, '0')}`
			let roll = next()
			const status = STATUSES.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'Active'
			const start = `20${10 + Math.floor(next() * 16)}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`
			const activities = 1 + Math.floor(next() * 2)
			for (let k = 0; k < activities; k++)
				licences.push(
					row(String(account).padStart(6, '0'), number, status, type, ACTIVITIES[(a + k) % ACTIVITIES.length] as string, start, '')
				)
		}
		if (remote) remoteAccounts.push(account)
	}
	const pool = remoteAccounts.length > 0 ? remoteAccounts : [10_000]
	for (let d = 0; d < options.domains; d++) {
		const account = pool[d % pool.length] as number
		const host = `${pick(WORDS).toLowerCase()}${d}.${pick(TLDS)}`
		const value = d % 17 === 0 ? `https://www.${host}/uk` : host
		const status = d % 23 === 0 ? 'White Label' : d % 31 === 0 ? 'Inactive' : 'Active'
		domainNames.push(row(String(account), value, status))
	}
	const text = (lines: string[]) => `${lines.join('\r\n')}\r\n`
	return {
		businesses: text(businesses),
		licences: text(licences),
		tradingNames: text(tradingNames),
		domainNames: text(domainNames),
		licenceCount,
		domainCount: options.domains
	}
}

/** The generated files under the names the UKGC download page links. */
export const UKGC_FILE_NAMES = {
	businesses: 'business-licence-register-businesses.csv',
	licences: 'business-licence-register-licences.csv',
	tradingNames: 'business-licence-register-trading-names.csv',
	domainNames: 'business-licence-register-domain-names.csv'
} as const

if (import.meta.main) {
	const { values } = parseArgs({
		args: Bun.argv.slice(2),
		options: {
			out: { type: 'string', default: '.tmp/ukgc-generated' },
			licences: { type: 'string', default: '20000' },
			domains: { type: 'string', default: '200000' }
		}
	})
	const generated = generateUkgcRegister({ licences: Number(values.licences), domains: Number(values.domains) })
	const out = values.out as string
	mkdirSync(out, { recursive: true })
	for (const [key, file] of Object.entries(UKGC_FILE_NAMES)) writeFileSync(join(out, file), generated[key as keyof typeof UKGC_FILE_NAMES])
	console.log(JSON.stringify({ out, licences: generated.licenceCount, domains: generated.domainCount }))
}
