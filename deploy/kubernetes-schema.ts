/**
 * Validates rendered Kubernetes objects against the API's schemas (kubernetes-models, generated from
 * the Kubernetes OpenAPI). Those schemas accept fields they do not know, as the API server would drop
 * them silently; here a field is unknown when the schema's validator never looked at it, and that is
 * reported too, so a misspelt or misplaced field fails like a wrong type does.
 */
type Model = { prototype: { validate(this: unknown): void } }

const modelModule = (apiVersion: string) => import(`kubernetes-models/${apiVersion}`) as Promise<Record<string, Model | undefined>>

/** A proxy over `value` that records the path of every own property read through it. */
function recordingReads(value: unknown, path: string, read: Set<string>): unknown {
	if (value === null || typeof value !== 'object') return value
	return new Proxy(value, {
		get(target, key, receiver) {
			const child = Reflect.get(target, key, receiver)
			if (typeof key !== 'string' || !Object.hasOwn(target, key)) return child
			read.add(`${path}/${key}`)
			return recordingReads(child, `${path}/${key}`, read)
		}
	})
}

/** The path of every property of every object under `value` (array items by index). */
function propertyPaths(value: unknown, path = ''): string[] {
	if (value === null || typeof value !== 'object') return []
	const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value)
	return entries.flatMap(([key, child]) => [...(Array.isArray(value) ? [] : [`${path}/${key}`]), ...propertyPaths(child, `${path}/${key}`)])
}

/** Problems of one object: schema errors and unknown fields, each with its path; empty when it is valid. */
export async function kubernetesProblems(object: { apiVersion?: unknown; kind?: unknown }): Promise<string[]> {
	const { apiVersion, kind } = object
	if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['apiVersion and kind are required']
	const model = await modelModule(apiVersion).then(
		(module) => module[kind],
		() => undefined
	)
	if (!model) return [`${apiVersion} ${kind} is not a Kubernetes API type`]
	const read = new Set<string>()
	try {
		model.prototype.validate.call(recordingReads(object, '', read))
	} catch (error) {
		return [String(error)]
	}
	return propertyPaths(object)
		.filter((path) => !read.has(path))
		.map((path) => `${path}: unknown field`)
}
