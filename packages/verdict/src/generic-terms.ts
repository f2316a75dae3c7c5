/**
 * Generic gambling words. A root label made only of these (optionally with the filler words
 * below, hyphens ignored) is a generic term: it is never matched to an operator by name.
 */
// biome-ignore format: a word list reads better a few words to a line
export const GENERIC_GAMBLING_WORDS: readonly string[] = [
	'bet', 'bets', 'betting', 'bettor', 'wager', 'wagers', 'wagering', 'gamble', 'gambling', 'gambler',
	'casino', 'casinos', 'poker', 'slot', 'slots', 'bingo', 'lotto', 'lottery', 'lotteries', 'jackpot',
	'jackpots', 'roulette', 'blackjack', 'baccarat', 'keno', 'scratch', 'scratchcards', 'sportsbook',
	'sportsbetting', 'sports', 'odds', 'spin', 'spins', 'dice', 'craps', 'tote', 'pools', 'racing',
	'bookmaker', 'bookie', 'bookies', 'gaming', 'games', 'game', 'esports', 'fantasy', 'sweepstakes',
	'pokies', 'punter', 'punt', 'freebet', 'freespins'
]

/** Words that turn a generic word into a generic phrase (`onlinecasino`, `best-slots`). */
// biome-ignore format: a word list reads better a few words to a line
export const GENERIC_FILLER_WORDS: readonly string[] = [
	'online', 'best', 'top', 'free', 'play', 'live', 'real', 'money', 'new', 'my', 'the', 'uk', 'us', 'eu',
	'mobile', 'site', 'sites', 'bonus', 'bonuses', 'guide', 'review', 'reviews', 'deals', 'offers', 'and',
	'for', 'no', 'deposit'
]

const SPLIT = 1
const WITH_GAMBLING_WORD = 2

/** A trie over the listed words by character code; `word` is SPLIT (| WITH_GAMBLING_WORD) where a word ends. */
type WordNode = { readonly next: Map<number, WordNode>; word: number }

const WORDS: WordNode = { next: new Map(), word: 0 }
for (const [list, kind] of [
	[GENERIC_FILLER_WORDS, SPLIT],
	[GENERIC_GAMBLING_WORDS, SPLIT | WITH_GAMBLING_WORD]
] as const) {
	for (const word of list) {
		let node = WORDS
		for (let i = 0; i < word.length; i++) {
			const code = word.charCodeAt(i)
			let child = node.next.get(code)
			if (child === undefined) node.next.set(code, (child = { next: new Map(), word: 0 }))
			node = child
		}
		node.word |= kind
	}
}

const MAX_KEY_LENGTH = 64
/** splits[i]: 0 when the key's first i characters cannot be split, SPLIT when they can, SPLIT | WITH_GAMBLING_WORD when such a split used a gambling word */
const splits = new Uint8Array(MAX_KEY_LENGTH + 1)

/**
 * True when the key (lower-case letters and digits) splits entirely into listed words with at
 * least one gambling word. Digits are never filler, so `bet365` is a name, not a generic term.
 */
export function isGenericGamblingLabel(key: string): boolean {
	if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false
	splits.fill(0, 0, key.length + 1)
	splits[0] = SPLIT
	for (let start = 0; start < key.length; start++) {
		const reached = splits[start] as number
		if (reached === 0) continue
		// Every listed word starting at `start`, walking the trie along the key.
		let node: WordNode | undefined = WORDS
		for (let end = start + 1; end <= key.length; end++) {
			node = node.next.get(key.charCodeAt(end - 1))
			if (node === undefined) break
			if (node.word !== 0) splits[end] = (splits[end] as number) | reached | (node.word & WITH_GAMBLING_WORD)
		}
	}
	return splits[key.length] === (SPLIT | WITH_GAMBLING_WORD)
}
