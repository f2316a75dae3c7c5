import { describe, expect, test } from 'bun:test'
import { EVENT_NAMES, isEventName, readJobMsgId, readerConsumer, subjects } from './index.ts'

describe('subjects', () => {
	test('are built from jurisdiction codes and event names', () => {
		expect(subjects.readJob('UKGC')).toBe('jobs.read.UKGC')
		expect(subjects.registryChanged('CW')).toBe('registry.changed.CW')
		expect(subjects.event('license.status_changed')).toBe('events.license.status_changed')
		expect(readJobMsgId('MGA', '2026-11-22')).toBe('read-MGA-2026-11-22')
	})

	test('a code that could inject a token never reaches a subject', () => {
		for (const bad of ['ukgc', 'UK.GC', 'UK*', '>', '', 'A', 'ABCDEFGHIJKLMNOPQ']) expect(() => subjects.readJob(bad)).toThrow()
		expect(() => subjects.event('license.*')).toThrow()
	})

	test('one durable reader consumer per jurisdiction, filtered on its own subject', () => {
		expect(readerConsumer('IOM')).toMatchObject({ stream: 'JOBS', durable: 'reader-IOM', filterSubject: 'jobs.read.IOM' })
	})

	test('ten event names, the reserved one included', () => {
		expect(EVENT_NAMES).toHaveLength(10)
		expect(isEventName('webhook.endpoint_degraded')).toBe(true)
		expect(isEventName('test.ping')).toBe(false)
	})
})
