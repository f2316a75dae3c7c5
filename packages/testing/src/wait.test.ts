import { expect, spyOn, test } from 'bun:test'
import { settleWithin } from './wait.ts'

test('a teardown step that fails or does not settle in time is warned about by name, one that settles is not', async () => {
	const warn = spyOn(console, 'warn').mockImplementation(() => {})
	try {
		await settleWithin('the quick step', Promise.resolve('done'), 1_000)
		await settleWithin('the failing step', Promise.reject(new Error('refused')), 1_000)
		await settleWithin('the stuck step', new Promise(() => {}), 1)
		expect(warn.mock.calls).toEqual([
			['teardown: the failing step failed: Error: refused'],
			['teardown: the stuck step did not settle within 1 ms']
		])
	} finally {
		warn.mockRestore()
	}
})
