import { dlopen, FFIType, ptr } from 'bun:ffi'

/*
 * Asks Linux to back the name kernel's memory with transparent huge pages (madvise MADV_HUGEPAGE;
 * ADR 0053). The kernel reads its slot records, token rows and per-unit arrays across about 24 MB at
 * 5M links; in 4 KB pages nearly every unit that reaches the cap pass waits for a page walk on top of
 * its cache line, and on a virtual machine a walk costs several memory reads of its own. In 2 MB
 * pages the whole memory takes a dozen TLB entries. The advice only changes how memory is mapped,
 * never what it holds. Where it cannot be given (another system, a C library without `madvise`, the
 * machine's transparent huge pages set to "never") memory stays in 4 KB pages and nothing else changes.
 */

/** linux/mman.h */
const MADV_HUGEPAGE = 14

type Advise = (address: number, length: number) => number

let advise: Advise | null | undefined

function madvise(): Advise | null {
	if (advise !== undefined) return advise
	advise = null
	if (process.platform !== 'linux') return advise
	try {
		const libc = dlopen('libc.so.6', { madvise: { args: [FFIType.ptr, FFIType.u64, FFIType.i32], returns: FFIType.i32 } })
		advise = (address, length) => libc.symbols.madvise(address, length, MADV_HUGEPAGE)
	} catch {
		// no glibc (another C library): stay in 4 KB pages
	}
	return advise
}

/** Advises huge pages for `buffer` (a WebAssembly memory's, page-aligned); true when the system took the advice. */
export function adviseHugePages(buffer: ArrayBuffer): boolean {
	const call = madvise()
	if (call === null || buffer.byteLength === 0) return false
	return call(ptr(buffer), buffer.byteLength) === 0
}
