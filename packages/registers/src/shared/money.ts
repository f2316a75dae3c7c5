const CURRENCY_BY_SYMBOL: Record<string, string> = { '£': 'GBP', '€': 'EUR', $: 'USD' }
const CURRENCY_CODES = new Set(['GBP', 'EUR', 'USD', 'ANG', 'XCG'])

export type Money = { amountMinorUnits: number; currency: string; raw: string }

/**
 * Finds the first money amount in prose (`£28,750`, `€ 1,500,000.50`, `EUR 25,000`, `£1.2 million`)
 * and returns it in minor units (pence, cents). Null when none is written.
 */
export function findMoney(text: string): Money | null {
	const pattern =
		/(£|€|\$|\b(?:GBP|EUR|USD)\b)\s?(\d{1,3}(?:,\d{3}){1,5}|\d{1,15})(?:\.(\d{1,2}))?(\s{0,3}(?:million|m)\b)?|(\d{1,3}(?:,\d{3}){1,5}|\d{1,15})(?:\.(\d{1,2}))?\s?(\bEUR\b|\bGBP\b|euro)/i
	const match = pattern.exec(text)
	if (!match) return null
	const symbol = (match[1] ?? match[7] ?? '').toUpperCase()
	const currency = CURRENCY_BY_SYMBOL[match[1] ?? ''] ?? (CURRENCY_CODES.has(symbol) ? symbol : symbol === 'EURO' ? 'EUR' : null)
	if (!currency) return null
	const whole = Number((match[2] ?? match[5] ?? '').replace(/,/g, ''))
	const fraction = match[3] ?? match[6] ?? ''
	let minor = whole * 100 + Number(fraction.padEnd(2, '0') || '0')
	if (match[4]) minor = Math.round((whole + Number(`0.${fraction || '0'}`)) * 1_000_000 * 100)
	if (!Number.isSafeInteger(minor)) return null
	return { amountMinorUnits: minor, currency, raw: match[0].trim() }
}
