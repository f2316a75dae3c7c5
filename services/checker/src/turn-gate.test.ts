import { describe, expect, test } from 'bun:test'
import { createTurnGate } from './turn-gate.ts'

/** Work that logs its start, and queues a microtask logging its reply (as a NATS reply's write is queued). */
const replying = (log: string[], name: string) => () => {
	log.push(`${name} answered`)
	queueMicrotask(() => log.push(`${name} reply written`))
	return name
}

describe('turn gate', () => {
	test('work handed over in the same turn as other work starts only after the reply the first work queued is written', async () => {
		const gate = createTurnGate()
		const log: string[] = []
		const answers = [gate.run(replying(log, 'first')), gate.run(replying(log, 'second')), gate.run(replying(log, 'third'))]
		expect(await Promise.all(answers)).toEqual(['first', 'second', 'third'])
		expect(log).toEqual([
			'first answered',
			'first reply written',
			'second answered',
			'second reply written',
			'third answered',
			'third reply written'
		])
	})

	test('work in a later turn, once the gate is idle, starts at once', async () => {
		const gate = createTurnGate()
		await gate.run(() => 1)
		await new Promise((resolve) => setImmediate(resolve))
		await new Promise((resolve) => setImmediate(resolve))
		const log: string[] = []
		const answering = gate.run(() => log.push('answered'))
		expect(log).toEqual(['answered'])
		await answering
	})

	test('a failing piece of work rejects its own promise and does not stop the work after it', async () => {
		const gate = createTurnGate()
		const failing = gate.run(() => {
			throw new Error('bad message')
		})
		const queued = gate.run(() => {
			throw new Error('bad too')
		})
		const after = gate.run(() => 'answered')
		await expect(failing).rejects.toThrow('bad message')
		await expect(queued).rejects.toThrow('bad too')
		expect(await after).toBe('answered')
	})
})
