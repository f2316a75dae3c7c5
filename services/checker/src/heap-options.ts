/**
 * JavaScriptCore options the checker runs with (ADR 0058). Bun reads `BUN_JSC_*` variables once, before
 * any JavaScript runs, so they cannot be set from main.ts: every way the checker is started sets them in
 * its environment (deploy/k8s/checker.yaml, the checker group of deploy/nomad/licence-verify.nomad.hcl and
 * the stack's scripts/stack-services.ts; deploy tests hold all three to this list).
 *
 * `collectionTimerMaxPercentCPU`: JavaScriptCore also collects on a timer while a process allocates,
 * spending up to this share of the CPU on such collections (default 0.05). A replica answering batches
 * allocates steadily, so the timer, not the heap's allocation budget, started most of its collections
 * (about one every 40–70 batches, each pause lengthening every batch queued behind it). At 0.01 they come
 * about half as often; the allocation budget still bounds the heap as before.
 */
export const CHECKER_HEAP_OPTIONS: Readonly<Record<string, string>> = {
	BUN_JSC_collectionTimerMaxPercentCPU: '0.01'
}
