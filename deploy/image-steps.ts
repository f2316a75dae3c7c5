/**
 * The image's build steps without an image builder: reads the Dockerfile's stages and .dockerignore,
 * so a test can copy the same build context and run the same install commands into a clean directory.
 * Covers the instructions the project's Dockerfile uses (FROM … AS, WORKDIR, COPY, RUN, ENV, USER).
 */
import { cpSync, mkdirSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'

export type Instruction = { op: string; args: string }
export type Stage = { name: string; from: string; instructions: Instruction[] }

export function parseDockerfile(text: string): Stage[] {
	const logicalLines = text
		.replace(/\\\n/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#'))
	const stages: Stage[] = []
	for (const line of logicalLines) {
		const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? []
		if (op.toUpperCase() === 'FROM') {
			const [, from = '', name = String(stages.length)] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args) ?? []
			stages.push({ name, from, instructions: [] })
		} else {
			stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args })
		}
	}
	return stages
}

/** `ENV A=1 B=2` of a stage, merged in order. */
export const stageEnv = (stage: Stage): Record<string, string> =>
	Object.fromEntries(
		stage.instructions
			.filter((instruction) => instruction.op === 'ENV')
			.flatMap((instruction) => instruction.args.split(/\s+/).map((pair) => pair.split('=') as [string, string]))
	)

export type Dockerignore = {
	/** Whether a path (relative, `/`-separated) stays out of the build context: the last matching pattern decides. */
	excluded(path: string): boolean
	/** An excluded directory no `!pattern` reaches into: nothing under it can be in the context. */
	prunable(directory: string): boolean
}

export function parseDockerignore(text: string): Dockerignore {
	const patterns = text
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line !== '' && !line.startsWith('#'))
		.map((line) => {
			const source = line.replace(/^!/, '').replace(/^\/+|\/+$/g, '')
			return { exclude: !line.startsWith('!'), source, glob: new Bun.Glob(source) }
		})
	const excluded = (path: string) => {
		const prefixes = path.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'))
		let result = false
		for (const pattern of patterns) if (prefixes.some((prefix) => pattern.glob.match(prefix))) result = pattern.exclude
		return result
	}
	return {
		excluded,
		prunable: (directory) =>
			excluded(directory) && !patterns.some((pattern) => !pattern.exclude && pattern.source.startsWith(`${directory}/`))
	}
}

/** Copies what `COPY . .` would send from `contextDir` to `targetDir`; returns the relative paths copied. */
export function copyBuildContext(contextDir: string, targetDir: string, ignore: Dockerignore): string[] {
	const copied: string[] = []
	const walk = (relative: string) => {
		for (const entry of readdirSync(join(contextDir, relative), { withFileTypes: true })) {
			const path = relative === '' ? entry.name : `${relative}/${entry.name}`
			if (entry.isDirectory()) {
				if (!ignore.prunable(path)) walk(path)
			} else if (!ignore.excluded(path)) {
				mkdirSync(dirname(join(targetDir, path)), { recursive: true })
				cpSync(join(contextDir, path), join(targetDir, path))
				copied.push(path)
			}
		}
	}
	walk('')
	return copied
}
