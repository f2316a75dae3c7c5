/**
 * Lists the functions longer than a limit (80 lines unless `--max N`), longest first, so each can be
 * split or given a comment that says why it is long:
 *   bun scripts/long-functions.ts [--max 80] [--tests]
 * Test files are left out unless `--tests`; the generated SDK schema is always left out.
 *
 * The reason is a comment line starting `Long:` directly above the function (a `//` line or a line
 * of its JSDoc; for `const f = () => …`, above the `const`). The listing marks the functions with one.
 */
import ts from 'typescript-5'

export type LongFunction = { name: string; line: number; lines: number; reason: string | null }

/** The limit a function may reach without a `Long:` reason (issue: no function over about 80 lines without one). */
export const MAX_LINES = 80

const REASON = /^\s*(?:\/\/|\/?\*+)\s*Long:\s*(.+)$/m

function nameOf(node: ts.FunctionLikeDeclaration): string {
	if (node.name) return node.name.getText()
	const parent = node.parent
	if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText()
	if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`
	return '(anonymous)'
}

/** The node whose leading comments document the function: the `const` statement of `const f = () => …`, else the function. */
function documentedNode(node: ts.FunctionLikeDeclaration): ts.Node {
	const parent = node.parent
	if (ts.isVariableDeclaration(parent) && ts.isVariableDeclarationList(parent.parent)) return parent.parent.parent
	if (ts.isPropertyAssignment(parent)) return parent
	return node
}

/** The text after `Long:` in the comments directly above the function, or null without one. */
function reasonOf(node: ts.FunctionLikeDeclaration, text: string): string | null {
	const comments = ts.getLeadingCommentRanges(text, documentedNode(node).getFullStart()) ?? []
	for (const comment of comments) {
		const found = REASON.exec(text.slice(comment.pos, comment.end))
		if (found?.[1]) return found[1].trim()
	}
	return null
}

/** The functions (declarations, expressions, arrows, methods) of one source spanning more than `max` lines. */
export function longFunctions(source: string, fileName: string, max: number): LongFunction[] {
	const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)
	const found: LongFunction[] = []
	const visit = (node: ts.Node) => {
		if (
			(ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) || ts.isMethodDeclaration(node)) &&
			node.body
		) {
			const first = file.getLineAndCharacterOfPosition(node.getStart()).line
			const last = file.getLineAndCharacterOfPosition(node.getEnd()).line
			if (last - first + 1 > max)
				found.push({ name: nameOf(node), line: first + 1, lines: last - first + 1, reason: reasonOf(node, source) })
		}
		ts.forEachChild(node, visit)
	}
	visit(file)
	return found
}

export type LongFunctionAt = LongFunction & { path: string }

/** Every function of the repository's TypeScript over `max` lines, longest first (test files only with `withTests`). */
export async function longFunctionsOfRepository(root: string, max: number, withTests: boolean): Promise<LongFunctionAt[]> {
	const rows: LongFunctionAt[] = []
	for (const directory of ['services', 'packages', 'tests', 'bench', 'scripts', 'deploy']) {
		for await (const path of new Bun.Glob(`${directory}/**/*.ts`).scan({ cwd: root })) {
			if (path.includes('node_modules/') || path.endsWith('sdk/src/schema.ts')) continue
			if (!withTests && path.endsWith('.test.ts')) continue
			for (const found of longFunctions(await Bun.file(`${root}/${path}`).text(), path, max)) rows.push({ ...found, path })
		}
	}
	return rows.sort((a, b) => b.lines - a.lines)
}

if (import.meta.main) {
	const args = process.argv.slice(2)
	const maxAt = args.indexOf('--max')
	const max = maxAt >= 0 ? Number(args[maxAt + 1]) : MAX_LINES
	for (const row of await longFunctionsOfRepository(`${import.meta.dir}/..`, max, args.includes('--tests'))) {
		console.log(`${row.lines}\t${row.path}:${row.line}\t${row.name}${row.reason === null ? '' : '\t(Long: reason given)'}`)
	}
}
