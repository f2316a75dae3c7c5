import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** wrk from the distribution; installed with apt-get when missing. */
export function ensureWrk(): string {
	const found = Bun.which('wrk')
	if (found) return found
	console.log('[bench] wrk not found: installing with apt-get')
	const install = Bun.spawnSync(['sh', '-c', 'apt-get update -qq && apt-get install -y -qq wrk'], { stdout: 'inherit', stderr: 'inherit' })
	const installed = Bun.which('wrk')
	if (install.exitCode !== 0 || !installed) throw new Error('could not install wrk (apt-get install -y wrk)')
	return installed
}

export type WrkResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; requests: number }

export type WrkRun = {
	url: string
	durationSeconds: number
	connections: number
	threads: number
	headers?: Record<string, string>
	luaScript?: string
	workDir: string
}

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN)

/** Runs wrk --latency and reads req/s, the 50th and 99th percentile latency and the non-2xx count. */
export async function runWrk(run: WrkRun): Promise<WrkResult> {
	const args = [ensureWrk(), '--latency', `-t${run.threads}`, `-c${run.connections}`, `-d${run.durationSeconds}s`]
	for (const [name, value] of Object.entries(run.headers ?? {})) args.push('-H', `${name}: ${value}`)
	if (run.luaScript) {
		const file = join(run.workDir, `wrk-${Bun.hash(run.luaScript).toString(16)}.lua`)
		if (!existsSync(file)) writeFileSync(file, run.luaScript)
		args.push('-s', file)
	}
	args.push(run.url)
	const child = Bun.spawn(args, { stdout: 'pipe', stderr: 'pipe' })
	const [output, errors] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()])
	if ((await child.exited) !== 0) throw new Error(`wrk failed: ${errors}${output}`)
	const latency = (percentile: string) => {
		const match = new RegExp(`^\\s+${percentile}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output)
		return match ? toMs(match[1] as string, match[2] as string) : Number.NaN
	}
	const rps = /Requests\/sec:\s+([\d.]+)/.exec(output)
	const total = /(\d+) requests in/.exec(output)
	const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output)
	return {
		requestsPerSecond: Number(rps?.[1] ?? Number.NaN),
		p50Ms: latency('50'),
		p99Ms: latency('99'),
		non2xx: Number(non2xx?.[1] ?? 0),
		requests: Number(total?.[1] ?? 0)
	}
}

/** A wrk script giving every request its own X-Forwarded-For address (keyless calls from many clients). */
export const RANDOM_CLIENT_LUA = `
math.randomseed(os.time())
request = function()
  local address = math.random(1, 223) .. "." .. math.random(0, 255) .. "." .. math.random(0, 255) .. "." .. math.random(1, 254)
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = address })
end
`

/** A wrk script sending each request with one of `keys`, chosen at random (many accounts at once). */
export const randomKeyLua = (keys: readonly string[]) => `
local keys = { ${keys.map((key) => JSON.stringify(key)).join(', ')} }
math.randomseed(os.time())
request = function()
  return wrk.format(nil, nil, { ["Authorization"] = "Bearer " .. keys[math.random(1, #keys)] })
end
`

/** A wrk script sending each request to one of `paths`, chosen at random, with one Authorization header. */
export const randomPathLua = (paths: readonly string[], authorization: string) => `
local paths = { ${paths.map((path) => JSON.stringify(path)).join(', ')} }
math.randomseed(os.time())
request = function()
  return wrk.format(nil, paths[math.random(1, #paths)], { ["Authorization"] = ${JSON.stringify(authorization)} })
end
`

/**
 * Lua defining `fresh()`: a word-compound hostname (`luckyharbourspin.bet`, as the synthetic world
 * names its hosts) never asked before, so the checker answers it cold, past its memo, through the
 * name stage. The counter starts from the clock, so later rounds ask other names.
 */
const freshNameLua = (words: readonly string[], tlds: readonly string[]) => `
local words = { ${words.map((word) => JSON.stringify(word)).join(', ')} }
local tlds = { ${tlds.map((tld) => JSON.stringify(tld)).join(', ')} }
local counter = os.time() * 100000
local function fresh()
  counter = counter + 1
  local k = counter % (#words * #words * #words * #tlds)
  local a = k % #words; k = math.floor(k / #words)
  local b = k % #words; k = math.floor(k / #words)
  local c = k % #words; k = math.floor(k / #words)
  return words[a + 1] .. words[b + 1] .. words[c + 1] .. "." .. tlds[k + 1]
end
`

/** A wrk script asking `GET /v1/check` about a never-asked word-compound domain on every request (see `freshNameLua`). */
export const uniqueDomainLua = (authorization: string, words: readonly string[], tlds: readonly string[]) => `
${freshNameLua(words, tlds)}
request = function()
  return wrk.format(nil, "/v1/check?domain=" .. fresh(), { ["Authorization"] = ${JSON.stringify(authorization)} })
end
`

/** A wrk script posting batches of `listed` hosts interleaved with as many never-asked names (see `freshNameLua`). */
export const halfFreshBatchLua = (listed: readonly string[], authorization: string, words: readonly string[], tlds: readonly string[]) => `
${freshNameLua(words, tlds)}
local listed = { ${listed.map((host) => JSON.stringify(host)).join(', ')} }
request = function()
  local parts = {}
  for i, host in ipairs(listed) do
    parts[#parts + 1] = '"' .. host .. '"'
    parts[#parts + 1] = '"' .. fresh() .. '"'
  end
  local body = '{"domains":[' .. table.concat(parts, ",") .. ']}'
  return wrk.format("POST", nil, { ["Authorization"] = ${JSON.stringify(authorization)}, ["Content-Type"] = "application/json" }, body)
end
`
