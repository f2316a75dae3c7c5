import { describe, expect, test } from 'bun:test'
import { ConfigError, T, readConfig, splitList } from './index.ts'

const schema = T.Object({
	DATABASE_URL: T.String({ minLength: 1 }),
	PORT: T.Integer({ minimum: 1, maximum: 65535, default: 8080 }),
	VERBOSE: T.Boolean({ default: false })
})

describe('readConfig', () => {
	test('converts numbers and booleans and applies defaults', () => {
		const config = readConfig(schema, { DATABASE_URL: 'postgres://x', VERBOSE: 'true' })
		expect(config).toEqual({ DATABASE_URL: 'postgres://x', PORT: 8080, VERBOSE: true })
		expect(Object.isFrozen(config)).toBe(true)
	})

	test('reports every bad or missing variable in one error', () => {
		try {
			readConfig(schema, { PORT: 'eighty', VERBOSE: 'maybe' })
			throw new Error('expected ConfigError')
		} catch (error) {
			expect(error).toBeInstanceOf(ConfigError)
			const problems = (error as ConfigError).problems
			expect(problems).toHaveLength(3)
			expect(problems.join('\n')).toContain('DATABASE_URL is missing')
			expect(problems.join('\n')).toContain('PORT')
			expect(problems.join('\n')).toContain('VERBOSE')
		}
	})

	test('an empty string counts as missing', () => {
		expect(() => readConfig(schema, { DATABASE_URL: '' })).toThrow(ConfigError)
	})
})

test('splitList trims and drops empty items', () => {
	expect(splitList(' UKGC, CW,,')).toEqual(['UKGC', 'CW'])
})
