import { join } from 'node:path'

/** The checker's modules a bench uses, each from the checkout at `root` (its own files and node_modules). */
export async function checkerModulesOf(root: string) {
	const from = (path: string) => import(join(root, path))
	const [synthetic, bus, clock, contracts, logger, verdict, hostnames, nameMatching, responders] = await Promise.all(
		[
			'bench/lib/synthetic-world.ts',
			'node_modules/@lv/bus/src/index.ts',
			'node_modules/@lv/clock/src/index.ts',
			'node_modules/@lv/contracts/src/index.ts',
			'node_modules/@lv/logger/src/index.ts',
			'node_modules/@lv/verdict/src/index.ts',
			'node_modules/@lv/hostnames/src/index.ts',
			'packages/verdict/src/name-matching.ts',
			'services/checker/src/responders.ts'
		].map(from)
	)
	const batchAnswers = await import(join(root, 'services/checker/src/batch-answers.ts')).catch(() => undefined)
	return { synthetic, bus, clock, contracts, logger, verdict, hostnames, nameMatching, responders, batchAnswers }
}

export type CheckerModules = Awaited<ReturnType<typeof checkerModulesOf>>

/** A memo full of queries asked once, as a replica's is after 16,384 one-off checks on a snapshot: each one more forgets the oldest. */
export function memoFullOfOneOffs(verdict: CheckerModules['verdict'], index: unknown, nowMs: number, prefix: string) {
	const memo = new verdict.AnswerMemo(4096)
	for (let i = 0; i < 4 * 4096; i++) memo.answer(index, nowMs, `${prefix}asked-once-${i}.example`, () => undefined)
	return memo
}
