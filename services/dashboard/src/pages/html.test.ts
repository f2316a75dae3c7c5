import { describe, expect, test } from 'bun:test'
import { escapeHtml, html } from './html.ts'

describe('html template', () => {
	test('interpolated text is escaped, including quotes for attributes', () => {
		const name = `<script>alert("x")</script> & 'co'`
		expect(html`<p title="${name}">${name}</p>`.value).toBe(
			'<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>'
		)
	})

	test('nested templates and arrays pass through unescaped once; null, undefined and false render nothing', () => {
		const items = ['a<b', 'c'].map((item) => html`<li>${item}</li>`)
		expect(html`<ul>${items}${null}${undefined}${false}</ul>`.value).toBe('<ul><li>a&lt;b</li><li>c</li></ul>')
	})

	test('escapeHtml leaves plain text alone', () => {
		expect(escapeHtml('plain text 123')).toBe('plain text 123')
	})
})
