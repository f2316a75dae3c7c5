/** A domain root label as a comparable key: `bet-365` → `bet365`. */
export function labelKey(label: string): string {
	return label.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Jaro-Winkler similarity in [0, 1] (prefix scale 0.1, prefix up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
	if (a === b) return a.length === 0 ? 0 : 1
	const jaro = jaroSimilarity(a, b)
	let prefix = 0
	const limit = Math.min(4, a.length, b.length)
	while (prefix < limit && a[prefix] === b[prefix]) prefix++
	return jaro + prefix * 0.1 * (1 - jaro)
}

function jaroSimilarity(a: string, b: string): number {
	if (a.length === 0 || b.length === 0) return 0
	const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1)
	const aMatched = new Uint8Array(a.length)
	const bMatched = new Uint8Array(b.length)
	let matches = 0
	for (let i = 0; i < a.length; i++) {
		const from = Math.max(0, i - window)
		const to = Math.min(b.length - 1, i + window)
		for (let j = from; j <= to; j++) {
			if (bMatched[j] || a[i] !== b[j]) continue
			aMatched[i] = 1
			bMatched[j] = 1
			matches++
			break
		}
	}
	if (matches === 0) return 0
	let transpositions = 0
	let j = 0
	for (let i = 0; i < a.length; i++) {
		if (!aMatched[i]) continue
		while (!bMatched[j]) j++
		if (a[i] !== b[j]) transpositions++
		j++
	}
	return (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3
}
