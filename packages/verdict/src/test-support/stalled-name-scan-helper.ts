import { CHUNKS, helperRegion, JOB, NEXT, STARTED } from '../name-scan-helper-layout.ts'

/*
 * A helper thread that takes the first job, claims every chunk of it and never finishes one
 * (name-scan-helper.test.ts): the main thread must scan them itself once its patience runs out,
 * and post no further job to it.
 */

declare const self: Worker

self.onmessage = ({ data }: MessageEvent<{ memory: WebAssembly.Memory; base: number }>) => {
	const words = new Int32Array(data.memory.buffer)
	const control = helperRegion(data.base).control >>> 2
	Atomics.wait(words, control + JOB, 0)
	const job = Atomics.load(words, control + JOB)
	if (Atomics.compareExchange(words, control + STARTED, job - 1, job) !== job - 1) return
	Atomics.store(words, control + NEXT, words[control + CHUNKS] as number)
}
