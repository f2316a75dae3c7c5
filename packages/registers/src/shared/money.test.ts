import { expect, test } from 'bun:test'
import { findMoney } from './money.ts'

test('pounds in prose become pence', () => {
	expect(findMoney('a financial penalty of £28,750 under section 121(1)')).toEqual({
		amountMinorUnits: 2875000,
		currency: 'GBP',
		raw: '£28,750'
	})
})

test('euros with cents, codes and millions become cents', () => {
	expect(findMoney('the sum of €1,500,000.50 in respect')?.amountMinorUnits).toBe(150000050)
	expect(findMoney('EUR 25,000')).toMatchObject({ amountMinorUnits: 2500000, currency: 'EUR' })
	expect(findMoney('£1.2 million')).toMatchObject({ amountMinorUnits: 120000000, currency: 'GBP' })
})

test('prose without an amount gives null', () => {
	expect(findMoney('issued a warning under section 117(1)(a)')).toBeNull()
})
