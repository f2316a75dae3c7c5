import { describe, expect, test } from 'bun:test'
import { consumerReplicas, planStreamUpdate, recreatedStreamSettings, type StreamSettings } from './stream-plan.ts'

const DAY_NS = 86_400_000_000_000
const layout: StreamSettings = {
	subjects: ['events.>'],
	retention: 'limits',
	storage: 'file',
	max_age: 30 * DAY_NS,
	duplicate_window: DAY_NS,
	num_replicas: 3
}

describe('planStreamUpdate', () => {
	test('a stream as the layout asks needs no update and reports nothing', () => {
		expect(planStreamUpdate(layout, layout)).toEqual({ update: undefined, kept: [] })
	})

	test('a stream below the layout is raised: replicas, age, dedupe window, missing subjects', () => {
		const plan = planStreamUpdate({ ...layout, subjects: [], num_replicas: 1, max_age: DAY_NS, duplicate_window: 60_000_000_000 }, layout)
		expect(plan.update).toEqual({ subjects: ['events.>'], num_replicas: 3, max_age: 30 * DAY_NS, duplicate_window: DAY_NS })
	})

	test('what an operator raised is kept and reported, never lowered', () => {
		const raised = { ...layout, num_replicas: 5, max_age: 0, duplicate_window: 2 * DAY_NS, subjects: ['events.>', 'audit.>'] }
		const plan = planStreamUpdate(raised, { ...layout, num_replicas: 1 })
		expect(plan.update).toBeUndefined()
		expect(plan.kept).toEqual([
			'subjects: keeps audit.> beyond the layout',
			'num_replicas: keeps 5 (layout asks 1)',
			`max_age: keeps 0 ns (layout asks ${30 * DAY_NS} ns)`,
			`duplicate_window: keeps ${2 * DAY_NS} ns (layout asks ${DAY_NS} ns)`
		])
	})

	test('storage and retention policy are reported, never changed in place', () => {
		const plan = planStreamUpdate({ ...layout, storage: 'memory', retention: 'workqueue' }, layout)
		expect(plan.update).toBeUndefined()
		expect(plan.kept).toEqual([
			'storage: keeps memory (layout asks file; not changeable in place)',
			'retention: keeps workqueue (layout asks limits; not changeable in place)'
		])
	})
})

describe('recreatedStreamSettings', () => {
	const wanted = { ...layout, name: 'EVENTS' }

	test('a stream last seen as the layout asks is created again as the layout asks', () => {
		expect(recreatedStreamSettings(layout, wanted)).toEqual(wanted)
	})

	test("what an operator raised or set is kept, what fell below the layout is raised, retention and storage are the layout's", () => {
		const seen = {
			...layout,
			subjects: ['audit.>'],
			num_replicas: 5,
			max_age: 0,
			duplicate_window: 60_000_000_000,
			retention: 'interest',
			storage: 'memory',
			max_bytes: 1 << 30,
			discard: 'new',
			sealed: true,
			mirror: { name: 'ELSEWHERE' }
		}
		expect(recreatedStreamSettings(seen, wanted)).toEqual({
			name: 'EVENTS',
			subjects: ['audit.>', 'events.>'],
			retention: 'limits',
			storage: 'file',
			num_replicas: 5,
			max_age: 0,
			duplicate_window: DAY_NS,
			max_bytes: 1 << 30,
			discard: 'new'
		})
	})
})

describe('consumerReplicas', () => {
	test('follows the stream and never lowers a consumer an operator raised', () => {
		expect(consumerReplicas(3, undefined)).toBe(3)
		expect(consumerReplicas(3, 1)).toBe(3)
		expect(consumerReplicas(1, 3)).toBe(3)
	})
})
