/**
 * A preload for a checker process (`bun --preload bench/lib/checker-trace.ts …`): times the checker's NATS
 * loop from outside the product's code, by wrapping the NATS client's own methods, and writes a summary to
 * `${BENCH_CHECKER_TRACE}-<pid>.json` when the process exits. Per `check.many` message: its checks; per socket
 * read: when the bytes arrived, how long the client took to pick them up, and the synchronous work of the
 * messages in it (the NATS parse, decoding, the handler and the answer's encoding, which all run inside
 * `Parser.parse`); per reply: `publish` (the header and framing); per write: `flushPending` (the socket
 * write). The idle gap is the time from the end of a reply's write to the arrival of the next bytes when
 * nothing else ran between. Each thread's CPU (from /proc/self/task) from the first `check.many` message to
 * the exit names what runs beside the JavaScript thread (the collector's helpers, Bun's own threads).
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const out = process.env.BENCH_CHECKER_TRACE
const require = createRequire(import.meta.url)
const natsCore = dirname(require.resolve('@nats-io/nats-core/internal'))
const transportNode = dirname(require.resolve('@nats-io/transport-node'))
const { ProtocolHandler } = require(join(natsCore, 'protocol.js'))
const { Parser } = require(join(natsCore, 'parser.js'))
const { NodeTransport } = require(join(transportNode, 'lib', 'node_transport.js'))

const DOMAIN = Buffer.from('"domain"')
const CAPACITY = 400_000
const readArrival = new Float64Array(CAPACITY)
const readStart = new Float64Array(CAPACITY)
const readEnd = new Float64Array(CAPACITY)
const readCpu = new Float64Array(CAPACITY)
const readMessages = new Uint16Array(CAPACITY)
const readChecks = new Uint32Array(CAPACITY)
const gapBefore = new Float64Array(CAPACITY)
let reads = 0
const writeWall = new Float64Array(CAPACITY)
const writeBytes = new Float64Array(CAPACITY)
const writeCpu = new Float64Array(CAPACITY)
let writes = 0
const publishWall = new Float64Array(CAPACITY)
let publishes = 0
const checksPerMessage = new Uint16Array(CAPACITY)
let messages = 0
let lastArrival = 0
let lastWriteEnd = 0
let otherSinceWrite = false
let tasksAtStart: Map<string, number> | undefined
let startedAt = 0
let messagesInRead = 0
let checksInRead = 0

const cpuMicros = () => {
	const usage = process.cpuUsage()
	return usage.user + usage.system
}

/** utime and stime per thread name (`name user`, `name system`), in ms (clock ticks of 10 ms). */
function taskCpu(): Map<string, number> {
	const byName = new Map<string, number>()
	const add = (key: string, ms: number) => byName.set(key, (byName.get(key) ?? 0) + ms)
	for (const task of readdirSync('/proc/self/task')) {
		try {
			const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
			const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).replace(/[0-9]+$/, '#')
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
			add(`${name} user`, Number(fields[11]) * 10)
			add(`${name} system`, Number(fields[12]) * 10)
		} catch {
			// the thread ended meanwhile
		}
	}
	return byName
}

const setupHandlers = NodeTransport.prototype.setupHandlers
NodeTransport.prototype.setupHandlers = function (this: { socket: { on(event: string, listener: () => void): void } }) {
	this.socket.on('data', () => {
		lastArrival = performance.now()
	})
	return setupHandlers.call(this)
}

const parse = Parser.prototype.parse
Parser.prototype.parse = function (this: unknown, buf: Uint8Array) {
	const start = performance.now()
	const cpu = cpuMicros()
	messagesInRead = 0
	checksInRead = 0
	const result = parse.call(this, buf)
	if (messagesInRead > 0 && reads < CAPACITY) {
		readArrival[reads] = lastArrival
		readStart[reads] = start
		readEnd[reads] = performance.now()
		readCpu[reads] = cpuMicros() - cpu
		readMessages[reads] = messagesInRead
		readChecks[reads] = checksInRead
		gapBefore[reads] = otherSinceWrite || lastWriteEnd === 0 ? -1 : lastArrival - lastWriteEnd
		reads++
	}
	otherSinceWrite = true
	return result
}

const processMsg = ProtocolHandler.prototype.processMsg
ProtocolHandler.prototype.processMsg = function (this: unknown, msg: unknown, data: Uint8Array) {
	const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
	let checks = 0
	for (let at = bytes.indexOf(DOMAIN); at !== -1; at = bytes.indexOf(DOMAIN, at + DOMAIN.length)) checks++
	if (checks > 0) {
		if (tasksAtStart === undefined) {
			tasksAtStart = taskCpu()
			startedAt = cpuMicros()
		}
		messagesInRead++
		checksInRead += checks
		if (messages < CAPACITY) checksPerMessage[messages++] = checks
	}
	return processMsg.call(this, msg, data)
}

const publish = ProtocolHandler.prototype.publish
ProtocolHandler.prototype.publish = function (this: unknown, ...args: unknown[]) {
	const start = performance.now()
	const result = publish.apply(this, args)
	if (publishes < CAPACITY) publishWall[publishes++] = performance.now() - start
	return result
}

const flushPending = ProtocolHandler.prototype.flushPending
ProtocolHandler.prototype.flushPending = function (this: { outbound: { size(): number } }) {
	const bytes = this.outbound?.size?.() ?? 0
	const start = performance.now()
	const cpu = cpuMicros()
	const result = flushPending.call(this)
	const end = performance.now()
	if (bytes > 0 && writes < CAPACITY) {
		writeCpu[writes] = cpuMicros() - cpu
		writeWall[writes] = end - start
		writeBytes[writes++] = bytes
		lastWriteEnd = end
		otherSinceWrite = false
	}
	return result
}

const quantiles = (values: ArrayLike<number>, count: number) => {
	const sorted = Array.from({ length: count }, (_, i) => values[i] as number).sort((a, b) => a - b)
	const at = (q: number) => Math.round((sorted[Math.min(count - 1, Math.floor(q * count))] ?? 0) * 1000) / 1000
	const sum = sorted.reduce((total, value) => total + value, 0)
	return {
		count,
		mean: Math.round((sum / Math.max(1, count)) * 1000) / 1000,
		p10: at(0.1),
		p50: at(0.5),
		p90: at(0.9),
		p99: at(0.99),
		sum: Math.round(sum)
	}
}

function summary() {
	const gaps: number[] = []
	const pickup: number[] = []
	const wallPerCheck: number[] = []
	const cpuPerCheck: number[] = []
	let cpuInReads = 0
	let checks = 0
	for (let i = 0; i < reads; i++) {
		if ((gapBefore[i] as number) >= 0) gaps.push((gapBefore[i] as number) * 1000)
		pickup.push(((readStart[i] as number) - (readArrival[i] as number)) * 1000)
		wallPerCheck.push((((readEnd[i] as number) - (readStart[i] as number)) * 1000) / (readChecks[i] as number))
		cpuPerCheck.push((readCpu[i] as number) / (readChecks[i] as number))
		cpuInReads += readCpu[i] as number
		checks += readChecks[i] as number
	}
	const first = readStart[0] as number
	const last = readEnd[reads - 1] as number
	const busyMs = Array.from({ length: reads }, (_, i) => (readEnd[i] as number) - (readStart[i] as number)).reduce((a, b) => a + b, 0)
	const tasks = taskCpu()
	const threads = Object.fromEntries(
		[...tasks].map(([name, ms]) => [name, ms - (tasksAtStart?.get(name) ?? 0)]).filter(([, ms]) => (ms as number) > 0)
	)
	return {
		checks,
		messages,
		reads,
		writes,
		spanMs: Math.round(last - first),
		readBusyMs: Math.round(busyMs),
		processCpuMs: Math.round((cpuMicros() - startedAt) / 1000),
		cpuInReadsMs: Math.round(cpuInReads / 1000),
		checksPerMessage: quantiles(checksPerMessage, messages),
		messagesPerRead: quantiles(readMessages, reads),
		idleGapUs: quantiles(gaps, gaps.length),
		pickupUs: quantiles(pickup, pickup.length),
		readWallUsPerCheck: quantiles(wallPerCheck, wallPerCheck.length),
		readCpuUsPerCheck: quantiles(cpuPerCheck, cpuPerCheck.length),
		publishUs: quantiles(
			Array.from({ length: publishes }, (_, i) => (publishWall[i] as number) * 1000),
			publishes
		),
		writeUs: quantiles(
			Array.from({ length: writes }, (_, i) => (writeWall[i] as number) * 1000),
			writes
		),
		writeCpuUs: quantiles(writeCpu, writes),
		writeBytes: quantiles(writeBytes, writes),
		threadCpuMs: threads,
		perRead: Array.from({ length: reads }, (_, i) => [
			Math.round((gapBefore[i] as number) * 1000),
			readChecks[i],
			Math.round(readCpu[i] as number),
			Math.round(((readEnd[i] as number) - (readStart[i] as number)) * 1000)
		])
	}
}

if (out) process.on('exit', () => writeFileSync(`${out}-${process.pid}.json`, JSON.stringify(summary(), null, 1)))
