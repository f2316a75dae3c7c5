/**
 * Lists the functions longer than a limit (80 lines unless `--max N`), longest first, so each can be
 * split or given a comment that says why it is long:
 *   bun scripts/long-functions.ts [--max 80] [--tests]
 * Test files are left out unless `--tests`; the generated SDK schema is always left out.
 */
import ts from 'typescript-5'

export type LongFunction = { name: string; line: number; lines: number }

function nameOf(node: ts.FunctionLikeDeclaration): string {
	if (node.name) return node.name.getText()
	const parent = node.parent
	if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText()
	if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText().slice(0, 40)}`
	return '(anonymous)'
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
			if (last - first + 1 > max) found.push({ name: nameOf(node), line: first + 1, lines: last - first + 1 })
		}
		ts.forEachChild(node, visit)
	}
	visit(file)
	return found
}

if (import.meta.main) {
	const args = process.argv.slice(2)
	const maxAt = args.indexOf('--max')
	const max = maxAt >= 0 ? Number(args[maxAt + 1]) : 80
	const withTests = args.includes('--tests')
	const root = `${import.meta.dir}/..`
	const rows: (LongFunction & { path: string })[] = []
	for (const directory of ['services', 'packages', 'tests', 'bench', 'scripts', 'deploy']) {
		for await (const path of new Bun.Glob(`${directory}/**/*.ts`).scan({ cwd: root })) {
			if (path.includes('node_modules/') || path.endsWith('sdk/src/schema.ts')) continue
			if (!withTests && path.endsWith('.test.ts')) continue
			for (const found of longFunctions(await Bun.file(`${root}/${path}`).text(), path, max)) rows.push({ ...found, path })
		}
	}
	rows.sort((a, b) => b.lines - a.lines)
	for (const row of rows) console.log(`${row.lines}\t${row.path}:${row.line}\t${row.name}`)
}
