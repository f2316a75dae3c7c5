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

const GENERIC = new Set(GENERIC_GAMBLING_WORDS)
const VOCABULARY = new Set([...GENERIC_GAMBLING_WORDS, ...GENERIC_FILLER_WORDS])
const LONGEST_WORD = Math.max(...[...VOCABULARY].map((word) => word.length))
const SPLIT = 1
const WITH_GAMBLING_WORD = 2

/**
 * True when the key (lower-case letters and digits) splits entirely into listed words with at
 * least one gambling word. Digits are never filler, so `bet365` is a name, not a generic term.
 */
export function isGenericGamblingLabel(key: string): boolean {
	if (key.length === 0 || key.length > 64) return false
	// splits[i]: 0 when the first i characters cannot be split, SPLIT when they can, SPLIT | WITH_GAMBLING_WORD
	// when such a split used a gambling word
	const splits = new Uint8Array(key.length + 1)
	splits[0] = SPLIT
	for (let start = 0; start < key.length; start++) {
		const reached = splits[start] as number
		if (reached === 0) continue
		for (let end = start + 1; end <= Math.min(key.length, start + LONGEST_WORD); end++) {
			const word = key.slice(start, end)
			if (!VOCABULARY.has(word)) continue
			splits[end] = (splits[end] as number) | reached | (GENERIC.has(word) ? WITH_GAMBLING_WORD : 0)
		}
	}
	return splits[key.length] === (SPLIT | WITH_GAMBLING_WORD)
}
