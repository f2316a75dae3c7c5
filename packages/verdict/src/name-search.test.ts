import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import type { NameEntry } from './index-model.ts'
import { NAME_MATCH_LOW, WINKLER_PREFIX_LIMIT, commonNeeded, jaroWinklerCeiling } from './name-bounds.ts'
import { nameSimilarity } from './name-matching.ts'
import {
	buildNameScan,
	buildNameSearch,
	heldTo,
	type NameQuery,
	type NameScan,
	nameQuery,
	raiseThreshold,
	visitCandidates
} from './name-search.ts'

const WORDS = [
	'bet',
	'bets',
	'casino',
	'royal',
	'lucky',
	'star',
	'spin',
	'gold',
	'play',
	'vegas',
	'win',
	'jack',
	'crown',
	'ace',
	'365',
	'7',
	'aa'
]

/** Positions (ascending, each once) of every name both passes visit, with the score visited with. */
function visitedScores(search: NameScan, query: NameQuery): Map<number, number> {
	const found = new Map<number, number>()
	const visit = (_place: number, position: number, score: number) => {
		const earlier = found.get(position)
		if (earlier !== undefined && earlier !== score) throw new Error(`position ${position} visited with ${earlier} and ${score}`)
		found.set(position, score)
	}
	visitCandidates(search, query, 'same-first-character', visit)
	visitCandidates(search, query, 'other-first-characters', visit)
	return new Map([...found].sort(([a], [b]) => a - b))
}

const nameCandidates = (search: NameScan, query: NameQuery) => [...visitedScores(search, query).keys()]

const entries = (keys: readonly string[]): NameEntry[] =>
	keys.map((key, i) => {
		const operator = { id: `op-${i}`, slug: `op-${i}`, name: key, legal_name: key }
		return { key, name: key, kind: 'trading', operator, jurisdiction: 'UKGC' }
	})

/** One jurisdiction's names in a scan of their own; `scannedWhole` as buildNameScan's. */
const scanOf = (keys: readonly string[], scannedWhole?: number) => buildNameScan([buildNameSearch(entries(keys))], scannedWhole)

const wordName = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
// Over 32 characters: scored by the textbook scan, not bit Jaro, and far from short keys in length.
const longWordName = fc.array(fc.constantFrom(...WORDS), { minLength: 6, maxLength: 10 }).map((parts) => parts.join(''))
const plainKey = fc.oneof(wordName, longWordName, fc.stringMatching(/^[a-z0-9]{1,16}$/), fc.stringMatching(/^[ab]{1,12}$/))
// Characters beyond a-z0-9 share one count slot (an overstated, still safe ceiling) and take the verified path.
const anyKey = fc.oneof(plainKey, fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'ġ', 'ł', 'š', 'ɡ'), minLength: 1, maxLength: 10 }))

type Edit = { kind: 'delete' | 'insert' | 'swap' | 'replace'; at: number; char: string }
const edit = fc.record({
	kind: fc.constantFrom('delete', 'insert', 'swap', 'replace'),
	at: fc.nat(),
	char: fc.constantFrom('a', 'e', 's', 't', '1', 'x')
}) as fc.Arbitrary<Edit>

/** `key` rotated by `by` characters: a compound of words with its words in another order, the same characters elsewhere. */
const rotated = (key: string, by: number) => (key.length === 0 ? key : key.slice(by % key.length) + key.slice(0, by % key.length))

/** A query drawn for a register: any key, a few typos away from one of the names, or one of them rotated. */
const registerQuery = fc.oneof(anyKey, fc.tuple(fc.nat(), fc.array(edit, { maxLength: 3 })), fc.tuple(fc.nat(), fc.nat()))
function queryKey(keys: readonly string[], raw: string | [number, Edit[]] | [number, number]): string {
	if (typeof raw === 'string') return raw
	const name = keys[raw[0] % keys.length] ?? ''
	return typeof raw[1] === 'number' ? rotated(name, raw[1]) : applyEdits(name, raw[1])
}

/** A few typos away from `key`: the queries that land near the thresholds. */
function applyEdits(key: string, edits: readonly Edit[]): string {
	let out = key
	for (const { kind, at, char } of edits) {
		const i = out.length === 0 ? 0 : at % out.length
		if (kind === 'delete') out = out.slice(0, i) + out.slice(i + 1)
		else if (kind === 'insert') out = out.slice(0, i) + char + out.slice(i)
		else if (kind === 'replace') out = out.slice(0, i) + char + out.slice(i + 1)
		else if (i + 1 < out.length) out = out.slice(0, i) + (out[i + 1] ?? '') + (out[i] ?? '') + out.slice(i + 2)
	}
	return out
}

describe('commonNeeded', () => {
	test.each([NAME_MATCH_LOW, 0.8812345, 0.9, 0.93, 0.9666666666666667, 0.99, 1])(
		'is the fewest common characters whose Jaro-Winkler ceiling reaches %p',
		(threshold) => {
			for (let prefix = 0; prefix <= WINKLER_PREFIX_LIMIT; prefix++) {
				for (let a = 1; a <= 70; a++) {
					for (let b = 1; b <= 70; b++) {
						const needed = commonNeeded(a, b, prefix, threshold)
						const reaches = (common: number) => nameSimilarityPossible(a, b) && jaroWinklerCeiling(common, a, b, prefix) >= threshold
						if (needed === Number.POSITIVE_INFINITY) {
							expect(reaches(Math.min(a, b))).toBe(false)
						} else {
							expect(reaches(needed)).toBe(true)
							expect(reaches(needed - 1)).toBe(false)
						}
					}
				}
			}
		}
	)
})

describe('commonNeeded at a threshold equal to a ceiling', () => {
	test('counts the characters giving exactly that ceiling as enough (the bar is inclusive)', () => {
		for (let prefix = 0; prefix <= WINKLER_PREFIX_LIMIT; prefix++) {
			for (let a = 4; a <= 40; a++) {
				for (let b = Math.max(4, Math.ceil(a / 2)); b <= Math.min(40, 2 * a); b++) {
					for (let common = 1; common <= Math.min(a, b); common++) {
						const ceiling = jaroWinklerCeiling(common, a, b, prefix)
						if (ceiling >= NAME_MATCH_LOW) expect(commonNeeded(a, b, prefix, ceiling)).toBeLessThanOrEqual(common)
					}
				}
			}
		}
	})
})

const nameSimilarityPossible = (a: number, b: number) => Math.min(a, b) >= 4 && Math.min(a, b) / Math.max(a, b) >= 0.5
/** NAME_MATCH_LOW or a raised bar, some of them scores real names reach exactly. */
const threshold = fc.oneof(
	fc.constant(NAME_MATCH_LOW),
	fc.double({ min: NAME_MATCH_LOW, max: 1, noNaN: true }),
	fc.constantFrom(0.9, 0.9333333333333333, 1)
)

describe('buildNameSearch', () => {
	test('numbers keys so that two names share a key number exactly when their keys are equal', () => {
		fc.assert(
			fc.property(fc.array(anyKey, { minLength: 1, maxLength: 60 }), (keys) => {
				const { keyNumbers } = buildNameSearch(entries(keys))
				keys.forEach((a, i) => {
					keys.forEach((b, j) => {
						expect(keyNumbers[i] === keyNumbers[j]).toBe(a === b)
					})
				})
			}),
			{ numRuns: 300 }
		)
	})
})

describe('nameCandidates', () => {
	test("visits exactly the names equal to the query or scoring the query's threshold or more, each with its score", () => {
		fc.assert(
			fc.property(
				// Some keys repeat (a register may list a name more than once; the scan holds each key once).
				fc
					.array(anyKey, { minLength: 1, maxLength: 120 })
					.chain((distinct) =>
						fc.shuffledSubarray([...distinct, ...distinct.filter((_, i) => i % 3 === 0)]).map((keys) => (keys.length > 0 ? keys : distinct))
					),
				fc.array(registerQuery, { minLength: 1, maxLength: 12 }),
				threshold,
				(keys, queries, bar) => {
					const search = scanOf(keys)
					const inTwoPasses = scanOf(keys, 0)
					for (const raw of queries) {
						const key = queryKey(keys, raw)
						const returned = visitedScores(search, nameQuery(key, bar))
						expect(visitedScores(inTwoPasses, nameQuery(key, bar))).toEqual(returned)
						keys.forEach((name, position) => {
							const score = nameSimilarity(key, name)
							const mustReturn = name === key || score >= bar
							if (mustReturn && !returned.has(position)) throw new Error(`${JSON.stringify(key)} missed ${JSON.stringify(name)} `)
							if (!mustReturn && returned.has(position))
								throw new Error(`${JSON.stringify(key)} returned ${JSON.stringify(name)}, which scores ${score} < ${bar}`)
							if (mustReturn) expect(returned.get(position)).toBe(score)
						})
					}
				}
			),
			{ numRuns: 300 }
		)
	})

	test('a scan over several shards visits every name equal to the query or reaching its threshold in each shard holding its key, with its place and position', () => {
		fc.assert(
			fc.property(
				// Each distinct key in one to four shards: equal keys across shards are scanned as one.
				fc
					.uniqueArray(anyKey, { minLength: 1, maxLength: 80 })
					.chain((keys) =>
						fc.tuple(
							fc.constant(keys),
							fc.array(fc.subarray([0, 1, 2, 3], { minLength: 1 }), { minLength: keys.length, maxLength: keys.length })
						)
					),
				fc.array(registerQuery, { minLength: 1, maxLength: 8 }),
				threshold,
				([keys, placesOf], queries, bar) => {
					const shards = [0, 1, 2, 3].map((place) => keys.filter((_, i) => placesOf[i]?.includes(place)))
					const sources = shards.map((names) => buildNameSearch(entries(names)))
					for (const scan of [buildNameScan(sources), buildNameScan(sources, 0)]) {
						for (const raw of queries) {
							const key = queryKey(keys, raw)
							const visited = new Map<string, number>()
							const visit = (place: number, position: number, score: number) => {
								const at = `${place}:${position}`
								if ((visited.get(at) ?? score) !== score) throw new Error(`${at} visited with two scores`)
								visited.set(at, score)
							}
							const query = nameQuery(key, bar)
							visitCandidates(scan, query, 'same-first-character', visit)
							visitCandidates(scan, query, 'other-first-characters', visit)
							const expected = shards.flatMap((names, place) =>
								names.flatMap((name, position) => {
									const score = nameSimilarity(key, name)
									return name === key || score >= bar ? [[`${place}:${position}`, score] as [string, number]] : []
								})
							)
							expect([...visited].sort()).toEqual(expected.sort())
						}
					}
				}
			),
			{ numRuns: 300 }
		)
	})

	test("a scan over several shards visits each name with its operator's number, the same number exactly for the same operator", () => {
		fc.assert(
			fc.property(
				// Names of a few operators spread over one to four shards: an operator may have names in several.
				fc.array(fc.tuple(anyKey, fc.nat({ max: 5 }), fc.nat({ max: 3 })), { minLength: 1, maxLength: 60 }),
				fc.array(registerQuery, { minLength: 1, maxLength: 6 }),
				(named, queries) => {
					const shards = [0, 1, 2, 3].map((place) =>
						named
							.filter(([, , at]) => at === place)
							.map(([key, operator]): NameEntry => {
								const id = `op-${operator}`
								return { key, name: key, kind: 'trading', operator: { id, slug: id, name: id, legal_name: id }, jurisdiction: 'UKGC' }
							})
					)
					const sources = shards.map((names) => buildNameSearch(names))
					const keys = named.map(([key]) => key)
					for (const scan of [buildNameScan(sources), buildNameScan(sources, 0)]) {
						const operatorOf = new Map<number, string>()
						const numberOf = new Map<string, number>()
						const visit = (place: number, position: number, _score: number, operator: number) => {
							const { id } = ((shards[place] as NameEntry[])[position] as NameEntry).operator
							expect(operatorOf.get(operator) ?? id).toBe(id)
							expect(numberOf.get(id) ?? operator).toBe(operator)
							operatorOf.set(operator, id)
							numberOf.set(id, operator)
						}
						for (const raw of queries) {
							const query = nameQuery(queryKey(keys, raw), NAME_MATCH_LOW)
							visitCandidates(scan, query, 'same-first-character', visit)
							visitCandidates(scan, query, 'other-first-characters', visit)
						}
						for (const number of operatorOf.keys()) expect(Number.isInteger(number)).toBe(true)
					}
				}
			),
			{ numRuns: 300 }
		)
	})

	test('a threshold raised while the passes run still visits every name reaching the final threshold', () => {
		fc.assert(
			fc.property(
				fc.array(anyKey, { minLength: 1, maxLength: 120 }),
				registerQuery,
				fc.array(fc.tuple(fc.nat({ max: 20 }), threshold), { maxLength: 4 }),
				(keys, raw, raises) => {
					// Scanned whole in the first pass (a small shard) and in two passes.
					for (const search of [scanOf(keys), scanOf(keys, 0)]) {
						const key = queryKey(keys, raw)
						const query = nameQuery(key)
						const visited = new Set<number>()
						const visit = (_place: number, position: number) => {
							visited.add(position)
							for (const [after, bar] of raises) if (after === visited.size) raiseThreshold(query, bar)
						}
						visitCandidates(search, query, 'same-first-character', visit)
						visitCandidates(search, query, 'other-first-characters', visit)
						const reaching = nameCandidates(search, nameQuery(key, query.threshold))
						for (const position of reaching) expect(visited.has(position)).toBe(true)
					}
				}
			),
			{ numRuns: 300 }
		)
	})

	test('a query held to a higher bar visits exactly the names reaching that bar, and raising either copy leaves the other at its own', () => {
		fc.assert(
			fc.property(fc.array(anyKey, { minLength: 1, maxLength: 120 }), registerQuery, threshold, threshold, (keys, raw, lower, higher) => {
				const [own, held] = [Math.min(lower, higher), Math.max(lower, higher)]
				for (const scan of [scanOf(keys), scanOf(keys, 0)]) {
					const key = queryKey(keys, raw)
					const query = nameQuery(key, own)
					const heldQuery = heldTo(query, held)
					expect(visitedScores(scan, heldQuery)).toEqual(visitedScores(scan, nameQuery(key, held)))
					expect(query.threshold).toBe(own)
					expect(visitedScores(scan, query)).toEqual(visitedScores(scan, nameQuery(key, own)))
					raiseThreshold(query, held)
					raiseThreshold(heldQuery, 1)
					expect(visitedScores(scan, query)).toEqual(visitedScores(scan, nameQuery(key, held)))
					expect(heldQuery.threshold).toBe(1)
				}
			}),
			{ numRuns: 200 }
		)
	})

	test('visits a name scoring exactly the bar however many of its characters are transposed', () => {
		// The kernel drops a name whose common subsequence with the query caps its score below the bar;
		// at a bar equal to the real score that cap is as tight as it gets. Its words in another order
		// (plus typos) and keys over three letters are the names with the most transpositions.
		const shuffledWords = fc
			.tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 }), fc.array(edit, { maxLength: 2 }), fc.nat())
			.chain(([words, edits, seed]) =>
				fc
					.shuffledSubarray(words, { minLength: 1 })
					.map((some) => [words.join(''), applyEdits(rotated(some.join(''), seed % 3), edits)] as const)
			)
		const threeLetters = fc.tuple(fc.stringMatching(/^[abc]{4,24}$/), fc.stringMatching(/^[abc]{4,24}$/))
		fc.assert(
			fc.property(fc.oneof(shuffledWords, threeLetters), fc.array(plainKey, { maxLength: 30 }), ([key, name], others) => {
				const score = nameSimilarity(key, name)
				fc.pre(key !== name && score >= NAME_MATCH_LOW)
				expect(visitedScores(scanOf([name, ...others]), nameQuery(key, score)).get(0)).toBe(score)
			}),
			{ numRuns: 3000 }
		)
	})

	test('visits a name in a unit bounded to the full common prefix whose own prefix is shorter, its matches all in order, at a bar equal to its score', () => {
		// The unit's bound is four characters (the query's prefix lies between its lowest and highest
		// names'); a name whose second character differs is held to the rows of a prefix of one, and any
		// name to its own shorter prefix with every match it may have in order, before the common
		// subsequence: at its exact score both are as tight as they get.
		fc.assert(
			fc.property(fc.stringMatching(/^[a-y]{8,16}$/), fc.integer({ min: 1, max: 3 }), fc.constantFrom('z', '9'), (key, at, char) => {
				const name = `${key.slice(0, at)}${char}${key.slice(at + 1)}`
				const score = nameSimilarity(key, name)
				fc.pre(score >= NAME_MATCH_LOW)
				const names = [name, `${key[0]}000${key.slice(4)}`, `${key[0]}zzz${key.slice(4)}`]
				expect(visitedScores(scanOf(names), nameQuery(key, score)).get(0)).toBe(score)
			}),
			{ numRuns: 500 }
		)
	})

	test("a raised bar moves the query's tables to those of the step bar at or below it, shared by queries of its length, and leaves the tables other queries hold untouched", () => {
		const query = nameQuery('royalcasino')
		const other = nameQuery('luckyspin77')
		const shared = Int32Array.from(other.tables)
		raiseThreshold(query, 0.912)
		expect(query.threshold).toBe(0.912)
		expect(query.revision).toBe(1)
		expect(query.tablesThreshold).toBeLessThanOrEqual(0.912)
		expect(query.tablesThreshold).toBeGreaterThan(0.905)
		expect([...query.tables]).toEqual([...nameQuery('royalcasino', query.tablesThreshold).tables])
		expect([...query.tables]).not.toEqual([...shared])
		expect([...other.tables]).toEqual([...shared])
		expect([...nameQuery('jackpotstar').tables]).toEqual([...shared])
		const again = nameQuery('jackpotstar')
		raiseThreshold(again, 0.914)
		expect(again.tables).toBe(query.tables)
		// Within the same step only the bar the kernel scores against moves.
		raiseThreshold(again, 0.9145)
		expect(again.revision).toBe(1)
		expect(again.threshold).toBe(0.9145)
		// Below NAME_MATCH_LOW no step bar lies under the raised bar: the tables are filled for the bar itself.
		const low = nameQuery('royalcasino', 0.5)
		raiseThreshold(low, 0.6)
		expect(low.tablesThreshold).toBe(0.6)
		expect([...low.tables]).toEqual([...nameQuery('royalcasino', 0.6).tables])
	})

	test('a raised bar holds the names visited after it to the raised bar itself, not to the step bar of its tables', () => {
		const key = 'royalcasino'
		const names = ['royalcasinox', 'royalcasinoxy', 'royalcasinoxyz', 'royalcasinxyzw', 'rocasino']
		const scores = names.map((name) => nameSimilarity(key, name))
		const bar = [...scores].sort((a, b) => b - a)[2] as number
		const query = nameQuery(key)
		raiseThreshold(query, bar)
		expect(query.tablesThreshold).toBeLessThan(bar)
		const visited = visitedScores(scanOf(names), query)
		expect([...visited.keys()]).toEqual(names.flatMap((_, position) => ((scores[position] as number) >= bar ? [position] : [])))
	})

	test('a name allowed fewer misses than its word-mates is held to its own allowance when the word has missed fewer tokens than the word allows', () => {
		// One word: "xbcdefgh" may miss one of the query's characters, "xbcdefghyyyy" (longer) none; both miss only "a".
		const search = scanOf(['xbcdefgh', 'xbcdefghyyyy'])
		expect(nameCandidates(search, nameQuery('abcdefgh'))).toEqual([0])
	})

	test('a query repeating a character beyond the counted occurrences keeps the names that may reach NAME_MATCH_LOW', () => {
		const long = 'a'.repeat(70)
		const search = scanOf([long, 'a'.repeat(60), 'bet', 'b'.repeat(70)])
		expect(nameCandidates(search, nameQuery(`${long}b`))).toEqual([0, 1])
	})

	test('a key too long to count still scores names longer than any allowance row', () => {
		const key = 'ab'.repeat(100)
		const names = ['ab'.repeat(130), 'ab'.repeat(99), 'xy'.repeat(130)]
		const visited = visitedScores(scanOf(names), nameQuery(key))
		expect([...visited]).toEqual([
			[0, nameSimilarity(key, names[0] as string)],
			[1, nameSimilarity(key, names[1] as string)]
		])
	})

	test('among 20,000 register-like names an unrelated label reaches only a small share of them', () => {
		const keys: string[] = []
		for (let i = 1; i <= 10_000; i++) keys.push(`brandukgc${i}`, `operatorukgc${i}`)
		const search = scanOf(keys)
		for (const key of ['unlistedshop', 'unlisted7shop', 'williamhill', 'paddypower']) {
			expect(nameCandidates(search, nameQuery(key)).length).toBeLessThan(keys.length / 100)
		}
		// A near miss of one name still finds it.
		const near = nameCandidates(search, nameQuery('brandukgc1234x'))
		expect(near).toContain(keys.indexOf('brandukgc1234'))
	})
})
