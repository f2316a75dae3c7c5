import { describe, expect, test } from 'bun:test'
import { exportFilename } from './file-naming.ts'

const at = new Date('2026-11-01T23:59:00Z')

describe('exportFilename', () => {
	test('names the dataset, the slices and the UTC build date with the format extension', () => {
		expect(exportFilename({ dataset: 'licences', jurisdiction: null, status: null }, 'csv', at)).toBe('licences-2026-11-01.csv')
		expect(exportFilename({ dataset: 'domains', jurisdiction: 'CW', status: 'delisted' }, 'json', at)).toBe(
			'domains-CW-delisted-2026-11-01.ndjson'
		)
		expect(exportFilename({ dataset: 'operators', jurisdiction: null, status: 'revoked' }, 'csv', at)).toBe(
			'operators-revoked-2026-11-01.csv'
		)
	})
})
