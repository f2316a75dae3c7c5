import type { FramedPart } from '@lv/contracts'
import type { AnswerPart } from '@lv/verdict'

/** Senders' part stores remembered; a sender further back has its parts sent in full again. */
const STORES = 8
/**
 * Tags remembered per store (about a gateway's 32 MB of parts at 500 bytes each, twice over); past it the store is
 * assumed empty and parts are sent in full again.
 */
const TAGS_PER_STORE = 131_072

type Store = { epoch: string; sent: Set<string> }

/**
 * The parts sent in full to each sender's part store (ADR 0074), so a part sent before travels as its tag alone.
 * A store is named `id.epoch`: a new epoch (the sender dropped parts, or missed one) starts from none. Assuming a
 * store holds less than it does costs bytes only; a part it does not hold after all is found missing by the sender,
 * which asks again without parts and names a new epoch.
 */
export class SentParts {
	readonly #stores = new Map<string, Store>()

	/** The tags of the parts sent in full to the store `name` (taken once a message). */
	sentTo(name: string): Set<string> {
		const dot = name.lastIndexOf('.')
		const id = name.slice(0, dot)
		const epoch = name.slice(dot + 1)
		let store = this.#stores.get(id)
		if (store === undefined || store.epoch !== epoch || store.sent.size >= TAGS_PER_STORE) {
			this.#stores.delete(id)
			store = { epoch, sent: new Set() }
			if (this.#stores.size >= STORES) this.#stores.delete(this.#stores.keys().next().value as string)
		}
		// Last used last, so the first key is the store longest unused.
		this.#stores.delete(id)
		this.#stores.set(id, store)
		return store.sent
	}
}

/** `parts` of an answer for a store that was sent `sent`: held when sent to it in full before, else noted as sent now. */
export function framedParts(sent: Set<string>, parts: readonly AnswerPart[]): FramedPart[] {
	return parts.map((part) => {
		const held = sent.has(part.tag)
		if (!held) sent.add(part.tag)
		return { at: part.at, length: part.length, tag: part.tag, held }
	})
}
