import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Rgb, colourRules, contrastRatio, parseHexColour, rootVariables } from '../support/contrast.ts'

const CSS = readFileSync(join(import.meta.dir, '../../services/dashboard/src/assets/dashboard.css'), 'utf8')
/** WCAG 2.1 AA for body text (1.4.3). */
const AA = 4.5
const colour = (text: string) => parseHexColour(text) as Rgb
const ratio = (foreground: string, background: string) => Math.round(contrastRatio(colour(foreground), colour(background)) * 100) / 100

describe('contrast arithmetic', () => {
	test('black on white is 21:1, and #777777 on white just misses AA', () => {
		expect(ratio('#000', '#fff')).toBe(21)
		expect(ratio('#777777', '#ffffff')).toBe(4.48)
	})
})

describe('dashboard.css colour pairs (WCAG AA, 4.5:1)', () => {
	const variables = rootVariables(CSS)
	const pageBackgrounds = ['--canvas', '--surface'].map((name) => variables.get(name) as string)

	test('every rule that sets both a text colour and a background', () => {
		const pairs = colourRules(CSS).filter((rule) => rule.color && rule.background)
		expect(pairs.length).toBeGreaterThan(10)
		const failing = pairs
			.map((rule) => ({ selector: rule.selector, ratio: ratio(rule.color as string, rule.background as string) }))
			.filter((pair) => pair.ratio < AA)
		expect(failing).toEqual([])
	})

	test('every text colour set alone, on the page canvas and on a card surface', () => {
		const failing = colourRules(CSS)
			.filter((rule) => rule.color && !rule.background)
			.flatMap((rule) =>
				pageBackgrounds.map((background) => ({ selector: rule.selector, background, ratio: ratio(rule.color as string, background) }))
			)
			.filter((pair) => pair.ratio < AA)
		expect(failing).toEqual([])
	})

	test('the named pairs: ink, muted and links on canvas and surface, white on the accent, each callout', () => {
		const get = (name: string) => variables.get(name) as string
		const pairs: [string, string, string][] = [
			['ink on canvas', get('--ink'), get('--canvas')],
			['ink on surface', get('--ink'), get('--surface')],
			['muted on canvas', get('--muted'), get('--canvas')],
			['muted on surface', get('--muted'), get('--surface')],
			['link on canvas', get('--accent'), get('--canvas')],
			['white on accent', '#ffffff', get('--accent')],
			['danger on danger-soft', get('--danger'), get('--danger-soft')],
			['success on success-soft', get('--success'), get('--success-soft')],
			['warning on warning-soft', get('--warning'), get('--warning-soft')],
			['accent-dark on info-soft', get('--accent-dark'), get('--info-soft')]
		]
		expect(pairs.filter(([, foreground, background]) => ratio(foreground, background) < AA).map(([name]) => name)).toEqual([])
	})
})
