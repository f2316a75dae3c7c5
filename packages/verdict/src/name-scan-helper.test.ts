import { afterEach, describe, expect, test } from 'bun:test'
import { scoreNames } from './name-matching.ts'
import { configureNameScanHelper, helperCounts, resetNameScanHelper } from './name-scan-helper.ts'
import { index, licence, operator } from './test-support/index-rows.ts'

const STEMS = ['luckystar', 'goldspin', 'royalcasino', 'tigerbet', 'vegaswin', 'crownplay', 'acejack', 'sunbet365']

/** Operators named after the stems with a letter changed here and there, in three registers. */
function world() {
	const names = STEMS.flatMap((stem, s) =>
		Array.from({ length: 40 }, (_, i) => {
			const at = (i * 7 + s) % stem.length
			return `${stem.slice(0, at)}${'aeiosx'[i % 6]}${stem.slice(at + 1)}${i % 3 === 0 ? '' : i}`
		})
	)
	const operators = names.map((name, i) => operator(`op-${i}`, name))
	return index({
		operators,
		licences: operators.map((owner, i) =>
			licence(owner, { license_number: `L-${i}`, jurisdiction_code: ['UKGC', 'MGA', 'CW'][i % 3] as string })
		)
	})
}

const QUERIES = ['luckystra', 'goldspinn', 'royalcasin0', 'tigerbets', 'vegaswins', 'crownplays', 'acejackk', 'sunbet366']

const answers = (w: ReturnType<typeof world>) =>
	QUERIES.map((key) => scoreNames(w, key, 5).map(({ name, score }) => [name.operator.slug, score]))

afterEach(resetNameScanHelper)

describe('the name scan shared with a helper thread', () => {
	test('answers as the main thread alone does when the helper scans every chunk and the main thread visits its finds', () => {
		const w = world()
		configureNameScanHelper({ enabled: false })
		const alone = answers(w)
		expect(alone.every((ranked) => ranked.length > 0)).toBe(true)
		const before = { ...helperCounts }
		configureNameScanHelper({ enabled: true, leastUnits: 1, mainClaims: false, patienceMicros: 200_000 })
		expect(answers(w)).toEqual(alone)
		expect(helperCounts.jobs - before.jobs).toBe(QUERIES.length)
		expect(helperCounts.chunksByHelper).toBeGreaterThan(before.chunksByHelper)
		expect(helperCounts.chunksHere).toBe(before.chunksHere)
		expect(helperCounts.chunksRescanned).toBe(before.chunksRescanned)
	})

	test('a helper that claims every chunk and never finishes: the main thread scans them itself once its patience runs out, and posts it nothing more', () => {
		const w = world()
		configureNameScanHelper({ enabled: false })
		const alone = answers(w)
		const before = { ...helperCounts }
		configureNameScanHelper({
			enabled: true,
			leastUnits: 1,
			mainClaims: false,
			patienceMicros: 50_000,
			thread: new URL('./test-support/stalled-name-scan-helper.ts', import.meta.url)
		})
		expect(answers(w)).toEqual(alone)
		expect(helperCounts.jobs - before.jobs).toBe(1)
		expect(helperCounts.stalls - before.stalls).toBe(1)
		expect(helperCounts.chunksRescanned).toBeGreaterThan(before.chunksRescanned)
		expect(helperCounts.chunksByHelper).toBe(before.chunksByHelper)
	})
})
