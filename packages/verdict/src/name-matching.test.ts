import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import { NAME_MATCH_LOW, nameSimilarity, operatorsNamedExactly, scoreNames } from './name-matching.ts'
import { index, licence, operator } from './test-support.ts'

const WORDS = ['bet', 'casino', 'royal', 'lucky', 'star', 'spin', 'gold', 'play', 'vegas', 'win', 'jack', 'crown', 'ace', 'tiger', 'sun', '365', '7']

/** The plain scan the prefilter must agree with: best score per operator at or above NAME_MATCH_LOW. */
function scanEveryName(world: ReturnType<typeof index>, key: string): Map<string, number> {
	const best = new Map<string, number>()
	for (const shard of world.shards.values()) {
		for (const name of shard.names) {
			const score = nameSimilarity(key, name.key)
			if (score >= NAME_MATCH_LOW && score > (best.get(name.operator.id) ?? -1)) best.set(name.operator.id, score)
		}
	}
	return best
}

describe('scoreNames prefilter', () => {
	test('skips names by a character-count bound yet finds exactly what scanning every name finds', () => {
		const nameArb = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(''))
		fc.assert(
			fc.property(fc.uniqueArray(nameArb, { minLength: 1, maxLength: 40 }), fc.array(fc.oneof(nameArb, fc.stringMatching(/^[a-z0-9]{1,16}$/)), { minLength: 1, maxLength: 20 }), (names, keys) => {
				const operators = names.map((name, i) => operator(`op-${i}`, name))
				const world = index({
					operators,
					licences: operators.map((owner, i) => licence(owner, { license_number: `L-${i}` })),
					tradingNames: operators.map((owner, i) => ({ operator_id: owner.id, jurisdiction_code: 'UKGC', name: `${names[i]}x` }))
				})
				for (const key of keys) {
					const expected = scanEveryName(world, key)
					const found = scoreNames(world, key)
					expect(new Map(found.map((scored) => [scored.name.operator.id, scored.score]))).toEqual(expected)
				}
			}),
			{ numRuns: 150 }
		)
	})

	test('operatorsNamedExactly finds every operator carrying the key, across registers', () => {
		const a = operator('alpha-one', 'Lucky Star')
		const b = operator('alpha-two', 'Lucky Star Ltd')
		const c = operator('other', 'Gold Spin')
		const world = index({
			operators: [a, b, c],
			licences: [licence(a, { license_number: 'A-1' }), licence(b, { license_number: 'B-1', jurisdiction_code: 'MGA' }), licence(c, { license_number: 'C-1' })]
		})
		expect(operatorsNamedExactly(world, 'luckystar')).toEqual(new Set([a.id, b.id]))
		expect(operatorsNamedExactly(world, 'nothing')).toEqual(new Set())
	})
})
