/** Markup that is already escaped; anything else interpolated into `html` is escaped. */
export class SafeHtml {
	constructor(readonly value: string) {}
	toString(): string {
		return this.value
	}
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)

export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[]

function render(value: HtmlValue): string {
	if (value === null || value === undefined || value === false) return ''
	if (value instanceof SafeHtml) return value.value
	if (Array.isArray(value)) return value.map(render).join('')
	return escapeHtml(String(value))
}

/** Tagged template: `html\`<p>${userText}</p>\`` escapes userText; nested `html` results pass through. */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
	let out = strings[0] ?? ''
	for (let index = 0; index < values.length; index++) out += render(values[index] as HtmlValue) + (strings[index + 1] ?? '')
	return new SafeHtml(out)
}
