/**
 * Runs a bounded DELETE, `deleteBatch(limit)` taking at most `limit` rows, until one takes fewer; answers how many
 * rows went. A backlog is pruned in short statements, never one long transaction, and two replicas running it at
 * once delete each row once.
 */
export async function deleteInBatches(limit: number, deleteBatch: (limit: number) => Promise<{ count: number }>): Promise<number> {
	let removed = 0
	for (;;) {
		const { count } = await deleteBatch(limit)
		removed += count
		if (count < limit) return removed
	}
}
