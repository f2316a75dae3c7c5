/** A domain root label as a comparable key: `bet-365` → `bet365`. */
export function labelKey(label: string): string {
	return label.toLowerCase().replace(/[^a-z0-9]/g, '')
}

/** Jaro-Winkler similarity in [0, 1] (prefix scale 0.1, prefix up to 4 characters). */
export function jaroWinkler(a: string, b: string): number {
	if (a === b) return a.length === 0 ? 0 : 1
	const jaro = jaroSimilarity(a, b)
	const prefix = winklerPrefix(a, b)
	return jaro + prefix * 0.1 * (1 - jaro)
}

/** The common prefix Jaro-Winkler rewards: up to 4 characters. */
function winklerPrefix(a: string, b: string): number {
	let prefix = 0
	const limit = Math.min(4, a.length, b.length)
	while (prefix < limit && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++
	return prefix
}

function jaroSimilarity(a: string, b: string): number {
	if (a.length === 0 || b.length === 0) return 0
	return b.length <= 32 && charCodesBelow(b, POSITIONS_TABLE) ? bitJaro(a, b) : scanJaro(a, b)
}

/** Jaro from match and transposition counts, in the one order of operations both matchers share. */
function jaroOf(a: string, b: string, matches: number, transpositions: number): number {
	if (matches === 0) return 0
	return (matches / a.length + matches / b.length + (matches - transpositions / 2) / matches) / 3
}

/**
 * Jaro by the textbook scan: each character of `a` in turn takes the first unmatched equal
 * character of `b` within the window. Any lengths and characters; exported so tests can hold
 * bitJaro to it.
 */
export function scanJaro(a: string, b: string): number {
	if (a.length === 0 || b.length === 0) return 0
	const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1)
	const aMatched = new Uint8Array(a.length)
	const bMatched = new Uint8Array(b.length)
	let matches = 0
	for (let i = 0; i < a.length; i++) {
		const from = Math.max(0, i - window)
		const to = Math.min(b.length - 1, i + window)
		for (let j = from; j <= to; j++) {
			if (bMatched[j] || a.charCodeAt(i) !== b.charCodeAt(j)) continue
			aMatched[i] = 1
			bMatched[j] = 1
			matches++
			break
		}
	}
	let transpositions = 0
	let j = 0
	for (let i = 0; i < a.length; i++) {
		if (!aMatched[i]) continue
		while (!bMatched[j]) j++
		if (a.charCodeAt(i) !== b.charCodeAt(j)) transpositions++
		j++
	}
	return jaroOf(a, b, matches, transpositions)
}

const POSITIONS_TABLE = 128
/** positions[code]: bit j set when b's j-th character has that code; cleared after each use. */
const positions = new Int32Array(POSITIONS_TABLE)
/** a's matched characters in a's order (at most b's 32). */
const matchedCodes = new Int32Array(32)

function charCodesBelow(text: string, limit: number): boolean {
	for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= limit) return false
	return true
}

/**
 * The same matching as scanJaro for a `b` of at most 32 characters below code 128, a word at a
 * time: the first unmatched equal character of `b` in the window is the lowest set bit of
 * (positions of that character) & ~(matched) & (window), so the matches, and the order they
 * are paired in, are scanJaro's.
 */
function bitJaro(a: string, b: string): number {
	const window = Math.max(0, Math.floor(Math.max(a.length, b.length) / 2) - 1)
	for (let j = 0; j < b.length; j++) {
		const code = b.charCodeAt(j)
		positions[code] = (positions[code] as number) | (1 << j)
	}
	let bMatched = 0
	let matches = 0
	for (let i = 0; i < a.length; i++) {
		const code = a.charCodeAt(i)
		const from = Math.max(0, i - window)
		const to = Math.min(b.length - 1, i + window)
		const inWindow = from > to ? 0 : to - from === 31 ? -1 : ((1 << (to - from + 1)) - 1) << from
		const open = code < POSITIONS_TABLE ? (positions[code] as number) & ~bMatched & inWindow : 0
		if (open !== 0) {
			bMatched |= open & -open
			matchedCodes[matches++] = code
		}
	}
	for (let j = 0; j < b.length; j++) positions[b.charCodeAt(j)] = 0
	// a's matched characters in a's order against b's matched characters in b's order.
	let transpositions = 0
	let remaining = bMatched
	for (let k = 0; k < matches; k++) {
		const j = 31 - Math.clz32(remaining & -remaining)
		remaining &= remaining - 1
		if (matchedCodes[k] !== b.charCodeAt(j)) transpositions++
	}
	return jaroOf(a, b, matches, transpositions)
}
