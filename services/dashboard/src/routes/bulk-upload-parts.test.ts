import { describe, expect, test } from 'bun:test'
import { harnessPerFile } from '../test-support/harness.ts'
import { signedUpOnPlan } from '../test-support/plan-user.ts'

const h = harnessPerFile()

describe('bulk check form parts', () => {
	test("a pasted list sent with a browser's empty file part (no file name) is read as the pasted list", async () => {
		const { browser } = await signedUpOnPlan(h, 'pro')
		await browser.get('/bulk')
		const form = new FormData()
		form.set('file', new Blob([], { type: 'application/octet-stream' }), '')
		form.set('list', 'acmebet.co.uk\r\nunknown-site.example')
		const read = await browser.postMultipart('/bulk', form)
		expect(read.status).toBe(303)
		const job = await browser.get(read.location ?? '')
		expect(job.html).toContain('<h1>Pasted list</h1>')
		expect(job.html).toContain('This job will use <strong data-calls>1</strong> requests')
	}, 30_000)
})
