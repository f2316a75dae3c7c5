/**
 * A small JSON Schema checker for the subset @elysiajs/openapi emits (type, properties, required,
 * additionalProperties, items, anyOf/oneOf, const, enum, formats, bounds, local $ref), so tests can
 * validate real responses against /openapi.json without another dependency. Returns the problems.
 */
type Schema = Record<string, unknown>

const FORMATS: Record<string, RegExp> = {
	'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/,
	date: /^\d{4}-\d{2}-\d{2}$/,
	uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
	uri: /^[a-z][a-z0-9+.-]*:\S+$/i
}

const typeOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

export function schemaProblems(schema: Schema, value: unknown, root: Schema, path = '$'): string[] {
	if (typeof schema.$ref === 'string') {
		const target = schema.$ref
			.replace(/^#\//, '')
			.split('/')
			.reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], root)
		return target ? schemaProblems(target as Schema, value, root, path) : [`${path}: unresolved ${schema.$ref}`]
	}
	const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined
	if (alternatives) {
		const results = alternatives.map((alternative) => schemaProblems(alternative, value, root, path))
		if (results.some((problems) => problems.length === 0)) return []
		return [`${path}: matches none of ${alternatives.length} alternatives (${results.map((problems) => problems[0]).join(' | ')})`]
	}
	const problems: string[] = []
	if ('const' in schema && schema.const !== value) problems.push(`${path}: expected ${JSON.stringify(schema.const)}`)
	if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${path}: not in enum`)
	const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string]
	const actual = typeOf(value)
	if (
		types.length > 0 &&
		!types.some((type) => type === actual || (type === 'integer' && Number.isInteger(value)) || (type === 'number' && actual === 'number'))
	)
		return [...problems, `${path}: expected ${types.join('|')}, got ${actual}`]
	if (typeof value === 'string') {
		const format = schema.format as string | undefined
		if (format && FORMATS[format] && !FORMATS[format].test(value)) problems.push(`${path}: not a ${format}`)
		if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) problems.push(`${path}: too long`)
		if (typeof schema.minLength === 'number' && value.length < schema.minLength) problems.push(`${path}: too short`)
	}
	if (typeof value === 'number') {
		if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: below minimum`)
		if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: above maximum`)
	}
	if (actual === 'array' && schema.items)
		(value as unknown[]).forEach((item, index) => problems.push(...schemaProblems(schema.items as Schema, item, root, `${path}[${index}]`)))
	if (actual === 'object') {
		const record = value as Record<string, unknown>
		const properties = (schema.properties ?? {}) as Record<string, Schema>
		for (const name of (schema.required ?? []) as string[]) if (!(name in record)) problems.push(`${path}.${name}: required`)
		for (const [name, item] of Object.entries(record)) {
			if (properties[name]) problems.push(...schemaProblems(properties[name], item, root, `${path}.${name}`))
			else if (schema.additionalProperties === false) problems.push(`${path}.${name}: not allowed`)
			else if (typeof schema.additionalProperties === 'object')
				problems.push(...schemaProblems(schema.additionalProperties as Schema, item, root, `${path}.${name}`))
			else if (schema.patternProperties) {
				for (const sub of Object.values(schema.patternProperties as Record<string, Schema>))
					problems.push(...schemaProblems(sub, item, root, `${path}.${name}`))
			}
		}
	}
	return problems
}
