/** WCAG 2.x contrast: relative luminance of sRGB colours and the ratio of two. */

export type Rgb = { r: number; g: number; b: number }

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

export function parseHexColour(text: string): Rgb | null {
	const match = HEX.exec(text.trim())
	if (!match) return null
	const hex = (match[1] as string).length === 3 ? [...(match[1] as string)].map((digit) => digit + digit).join('') : (match[1] as string)
	return { r: Number.parseInt(hex.slice(0, 2), 16), g: Number.parseInt(hex.slice(2, 4), 16), b: Number.parseInt(hex.slice(4, 6), 16) }
}

const channel = (value: number) => {
	const unit = value / 255
	return unit <= 0.04045 ? unit / 12.92 : ((unit + 0.055) / 1.055) ** 2.4
}

export const relativeLuminance = ({ r, g, b }: Rgb): number => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

export function contrastRatio(foreground: Rgb, background: Rgb): number {
	const [light, dark] = [relativeLuminance(foreground), relativeLuminance(background)].sort((a, b) => b - a) as [number, number]
	return (light + 0.05) / (dark + 0.05)
}

/** The custom properties of the stylesheet's `:root` rule. */
export function rootVariables(css: string): Map<string, string> {
	const root = /:root\s*{([^}]*)}/.exec(css)?.[1] ?? ''
	return new Map([...root.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1] as string, (match[2] as string).trim()]))
}

export type ColourRule = { selector: string; color: string | null; background: string | null }

/** Each rule's selector with its `color` and plain-colour `background`, `var()` resolved; other values null. */
export function colourRules(css: string): ColourRule[] {
	const variables = rootVariables(css)
	const resolve = (value: string | undefined) => {
		if (value === undefined) return null
		const resolved = value.replace(/var\((--[\w-]+)\)/g, (_, name: string) => variables.get(name) ?? '').trim()
		return parseHexColour(resolved) ? resolved : null
	}
	const rules: ColourRule[] = []
	for (const match of css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+){([^{}]*)}/g)) {
		const selector = (match[1] as string).trim()
		if (selector === ':root' || selector.startsWith('@')) continue
		const declarations = new Map(
			[...(match[2] as string).matchAll(/([\w-]+)\s*:\s*([^;]+);?/g)].map((found) => [found[1] as string, (found[2] as string).trim()])
		)
		rules.push({
			selector,
			color: resolve(declarations.get('color')),
			background: resolve(declarations.get('background') ?? declarations.get('background-color'))
		})
	}
	return rules
}
