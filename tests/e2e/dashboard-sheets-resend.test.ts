import { describe, expect, test } from 'bun:test'
import { checkBatchesNow } from '../../services/dashboard/src/test-support/bulk-checking.ts'
import { endpointWithDeliveredEvent } from '../../services/dashboard/src/test-support/webhook-delivery.ts'
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'
import { readFirstSheet } from '@lv/sheets'
import { sharedStringsXml, sheetXml, workbookFile } from '../../packages/sheets/src/test-support/workbook-fixture.ts'
import { readCsvObjects } from '../../services/exporter/src/test-support/csv-reader.ts'
import { bulkCheckingInChromiumPerFile, screenshot, signUpInChromium, textWhenShown } from '../support/chromium.ts'

const stack = bulkCheckingInChromiumPerFile()

const shot = (page: Page, name: string) => screenshot(page, name)

/** A workbook as a spreadsheet program saves it: a header naming the URL column, a URL with a path, a duplicate, a blank row, a formula. */
function affiliatesWorkbook(): Buffer {
	const text = (reference: string, value: string) => `<c r="${reference}" t="inlineStr"><is><t>${value}</t></is></c>`
	const sheet = sheetXml(
		[
			`<row r="1">${text('A1', 'Partner')}<c r="B1" t="s"><v>0</v></c></row>`,
			`<row r="2">${text('A2', 'Acme')}${text('B2', 'https://www.acmebet.co.uk/welcome')}</row>`,
			`<row r="3">${text('A3', 'Acme again')}${text('B3', 'acmebet.co.uk')}</row>`,
			`<row r="4">${text('B4', 'ACMEBET.co.uk')}</row>`,
			`<row r="6">${text('A6', 'Other')}${text('B6', 'partner-site.example')}</row>`,
			`<row r="7"><c r="B7" t="str"><f>cmd|' /C calc'!A0</f><v>looks-fine.example</v></c></row>`
		].join('')
	)
	return Buffer.from(workbookFile({ sheet, sharedStrings: sharedStringsXml(['Website']) }))
}

describe('spreadsheets, Watch these and Resend in a real browser', () => {
	test('upload an .xlsx, run it, Watch these, and download Excel results with the CSV columns', async () => {
		const context = await stack.browser.newContext({ viewport: { width: 1200, height: 900 }, acceptDownloads: true })
		const page = await context.newPage()
		const accountId = await signUpInChromium(page, stack.h, stack.dashboard.url, 'sheets@partner.example', 'pro')
		await page.click('nav >> text=Bulk check')
		await page.setInputFiles('#file', {
			name: 'affiliates.xlsx',
			mimeType: 'application/octet-stream',
			buffer: Buffer.from('not a workbook at all')
		})
		await page.click('button:has-text("Read the list")')
		expect(await textWhenShown(page, '.callout.error')).toContain('not an Excel workbook')
		await shot(page, 'sheets-01-refused')

		await page.setInputFiles('#file', {
			name: 'affiliates.xlsx',
			mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
			buffer: affiliatesWorkbook()
		})
		await page.click('button:has-text("Read the list")')
		expect(await textWhenShown(page, '[data-calls]')).toBe('1')
		const report = await page.textContent('[data-report]')
		expect(report).toContain('header row Partner,Website skipped')
		expect(report).toContain('1 duplicates skipped')
		expect(report).toContain('1 blank lines skipped')
		expect(report).toContain("line 7: =cmd|' /C calc'!A0")
		await shot(page, 'sheets-02-ready')
		const jobId = new URL(page.url()).pathname.split('/')[2] as string
		await Promise.all([page.waitForURL(`${stack.dashboard.url}/bulk/${jobId}`), page.click('button:has-text("Start checking")')])
		await checkBatchesNow(stack.h, jobId)
		await page.goto(`${stack.dashboard.url}/bulk/${jobId}`)
		expect(await textWhenShown(page, 'text=Done: all 3 domains checked.')).toContain('Done')

		await page.click('button:has-text("Watch these (1 licensed operator)")')
		expect(await textWhenShown(page, '[data-watch-outcome]')).toBe('1 operator added to your watchlist; 0 were already watched.')
		await shot(page, 'sheets-03-watched')
		expect(page.url()).toStartWith(`${stack.dashboard.url}/bulk/${jobId}?watched=`)
		await page.reload()
		expect(await textWhenShown(page, '[data-watch-outcome]')).toBe('1 operator added to your watchlist; 0 were already watched.')
		const watched = await stack.h.db.sql`SELECT 1 FROM watchlist_entries WHERE account_id = ${accountId}`
		expect(watched).toHaveLength(1)

		await page.goto(`${stack.dashboard.url}/bulk/${jobId}`)
		const [excel] = await Promise.all([page.waitForEvent('download'), page.click('text=Download Excel')])
		expect(excel.suggestedFilename()).toBe(`bulk-check-${jobId}.xlsx`)
		const workbook = readFirstSheet(new Uint8Array(readFileSync((await excel.path()) as string)))
		if (!workbook.ok) throw new Error(workbook.message)
		const [csv] = await Promise.all([page.waitForEvent('download'), page.click('text=Download CSV')])
		const csvRows = readCsvObjects(readFileSync((await csv.path()) as string, 'utf8'))
		const [header, ...rows] = workbook.records.map((record) => record.fields)
		expect(header).toEqual(Object.keys(csvRows[0] ?? {}))
		expect(rows.map((fields) => Object.fromEntries((header ?? []).map((name, index) => [name, fields[index] ?? ''])))).toEqual(csvRows)
		expect(csvRows.map((row) => [row.line, row.domain, row.verdict])).toEqual([
			['2', 'www.acmebet.co.uk', 'licensed'],
			['3', 'acmebet.co.uk', 'licensed'],
			['6', 'partner-site.example', 'not_found']
		])
		await context.close()
	}, 120_000)

	test('Resend a delivered webhook delivery from the delivery log', async () => {
		const context = await stack.browser.newContext({ viewport: { width: 1200, height: 900 } })
		const page = await context.newPage()
		const accountId = await signUpInChromium(page, stack.h, stack.dashboard.url, 'resend@partner.example', 'pro')
		const { endpointId } = await endpointWithDeliveredEvent(stack.h.db.sql, stack.h.clock, accountId)

		await page.click('nav >> text=Webhooks')
		await page.goto(`${stack.dashboard.url}/webhooks/${endpointId}/deliveries`)
		expect(await page.locator('[data-deliveries] tbody tr').count()).toBe(1)
		await shot(page, 'resend-01-log')
		await page.click('[data-deliveries] button:has-text("Resend")')
		expect(await textWhenShown(page, '.callout.success')).toContain('Queued again as a new delivery')
		expect(await page.locator('[data-deliveries] tbody tr').count()).toBe(2)
		expect(await page.textContent('[data-deliveries] tbody tr:first-child')).toContain('still being tried')
		await shot(page, 'resend-02-queued')
		expect(page.url()).toBe(`${stack.dashboard.url}/webhooks/${endpointId}/deliveries?notice=resent`)
		await page.reload()
		expect(await page.locator('[data-deliveries] tbody tr').count()).toBe(2)
		const resent = await stack.h.db.sql`SELECT status FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND is_resend`
		expect(resent.map((row) => row.status)).toEqual(['pending'])
		await context.close()
	}, 60_000)
})
