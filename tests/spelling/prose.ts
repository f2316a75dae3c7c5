import ts from 'typescript-5'

/** One stretch of prose a person reads: a comment, a test name, a log or error message, page text, or a Markdown line. */
export type ProseSpan = { line: number; text: string }

/** A place where prose spells the noun the American way. */
export type SpellingFinding = { line: number; word: string; text: string }

const LOG_METHODS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal'])
const TEST_FUNCTIONS = new Set(['test', 'it', 'describe'])

/**
 * The noun as a word. An identifier spelt the SPEC way (`license_number`, `licenseId`, `license.status_changed`,
 * `/v1/licenses/…`, `'license'`, `check.license`) is told apart by the characters that touch it.
 */
const NOUN = /licen[cs]es?/gi
const IDENTIFIER_BEFORE = /[\w$./:'"@#<=-]/
const IDENTIFIER_AFTER = /[\w$/'"(:=[>-]/

/** Finds the American noun `license`/`licenses` used as prose in one span; the verb after `to` stays as it is. */
export function americanNounsIn(text: string): string[] {
	const prose = text.replace(/`[^`]*`/g, (quoted) => ' '.repeat(quoted.length))
	const found: string[] = []
	for (const match of prose.matchAll(NOUN)) {
		const word = match[0]
		if (!/^licens/i.test(word)) continue
		const start = match.index
		const end = start + word.length
		const before = prose[start - 1] ?? ' '
		const after = prose[end] ?? ' '
		if (IDENTIFIER_BEFORE.test(before) || IDENTIFIER_AFTER.test(after)) continue
		if (after === '.' && /\S/.test(prose[end + 1] ?? ' ')) continue
		if (/\bto\s+$/i.test(prose.slice(0, start)) && word.toLowerCase() === 'license') continue
		found.push(word)
	}
	return found
}

function lineOf(file: ts.SourceFile, position: number): number {
	return file.getLineAndCharacterOfPosition(position).line + 1
}

function rootName(callee: ts.Expression): string | undefined {
	let node: ts.Expression = callee
	while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) node = node.expression
	return ts.isIdentifier(node) ? node.text : undefined
}

function isLogCall(callee: ts.Expression): boolean {
	return ts.isPropertyAccessExpression(callee) && LOG_METHODS.has(callee.name.text) && /log(ger)?$/i.test(callee.expression.getText())
}

function literalText(node: ts.Node | undefined): string | undefined {
	if (!node) return undefined
	if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text
	if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ')
	return undefined
}

/** Comments, test names, log and error messages, and the text of `html` templates (dashboard pages) of one TypeScript source. */
export function typescriptProse(source: string, fileName = 'source.ts'): ProseSpan[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)
	const spans: ProseSpan[] = []
	const seenComments = new Set<number>()
	const addComments = (ranges: ts.CommentRange[] | undefined) => {
		for (const range of ranges ?? []) {
			if (seenComments.has(range.pos)) continue
			seenComments.add(range.pos)
			const lines = source.slice(range.pos, range.end).split('\n')
			lines.forEach((text, offset) => spans.push({ line: lineOf(file, range.pos) + offset, text }))
		}
	}
	const addString = (node: ts.Node | undefined) => {
		const text = literalText(node)
		if (node && text !== undefined) spans.push({ line: lineOf(file, node.getStart()), text })
	}
	const visit = (node: ts.Node) => {
		addComments(ts.getLeadingCommentRanges(source, node.getFullStart()))
		addComments(ts.getTrailingCommentRanges(source, node.getEnd()))
		if (ts.isCallExpression(node)) {
			const name = rootName(node.expression)
			if ((name && TEST_FUNCTIONS.has(name)) || isLogCall(node.expression)) addString(node.arguments[0])
		}
		if (ts.isNewExpression(node) && /Error$/.test(node.expression.getText())) addString(node.arguments?.[0])
		if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'html') addString(node.template)
		ts.forEachChild(node, visit)
	}
	visit(file)
	return spans
}

/** Markdown prose: every line outside fenced code blocks. */
export function markdownProse(source: string): ProseSpan[] {
	const spans: ProseSpan[] = []
	let fenced = false
	source.split('\n').forEach((text, index) => {
		if (/^\s*(```|~~~)/.test(text)) {
			fenced = !fenced
			return
		}
		if (!fenced) spans.push({ line: index + 1, text })
	})
	return spans
}

export function findingsIn(spans: ProseSpan[]): SpellingFinding[] {
	return spans.flatMap((span) => americanNounsIn(span.text).map((word) => ({ line: span.line, word, text: span.text.trim() })))
}
