import type { HeldState } from '@lv/answer-state'
import type { OneCheck } from '@lv/contracts'
import { Recent } from '@lv/verdict'

/**
 * An answer's bytes as the checker sent them, their tag (answerTag in @lv/contracts), and, when the
 * reply said what state it was computed on, that standing (ADR 0048), updated by every reply that
 * confirms the same bytes.
 */
export type HeldAnswer = { readonly tag: string; readonly body: Uint8Array; standing: HeldState | undefined }

/** About 1-2 kB each: a few MB per replica. */
const DEFAULT_CAPACITY = 4096

/**
 * The last answer received per check (without as_of), offered back to the checker as `known` so an
 * unchanged answer does not travel again, or served without asking while the rule of ADR 0048 proves
 * it is still the checker's answer (check-dispatch.ts).
 * At most `capacity` answers; holding a new one forgets the one held `capacity` holds ago, if still held, found by
 * its slot (`Recent`): a Map's oldest entry after many deletions from its front is found only by walking past
 * them, about 2.5 µs per newly held answer at 4,096 (ADR 0054).
 */
export class HeldAnswers {
	readonly #answers: Recent<HeldAnswer>

	constructor(capacity = DEFAULT_CAPACITY) {
		this.#answers = new Recent(capacity)
	}

	static keyOf(check: OneCheck): string {
		return 'domain' in check ? `d\u0000${check.domain}` : `l\u0000${check.license_number}`
	}

	get(key: string): HeldAnswer | undefined {
		return this.#answers.get(key)
	}

	/** Keeps a copy of the bytes: the received body is a view into the whole reply message. */
	hold(key: string, answer: HeldAnswer): void {
		const known = this.#answers.get(key)
		if (known?.tag === answer.tag) {
			known.standing = answer.standing
			return
		}
		this.#answers.delete(key)
		this.#answers.put(key, { tag: answer.tag, body: answer.body.slice(), standing: answer.standing })
	}
}
