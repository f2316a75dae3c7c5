import { HEADER_COMPONENTS, type HeaderName } from './header-catalog.ts'
import { OPERATIONS, type OperationSpec } from './operations.ts'
import { OUTCOMES, type OutcomeId } from './outcomes.ts'
import { authModeOf, isSuccess, outcomesAt, responseHeaders } from './response-headers.ts'
import { SUCCESS_EXAMPLES } from './success-examples.ts'

type Json = Record<string, unknown>
type ExampleObject = { summary: string; value: unknown } | { $ref: string }
type MediaType = { schema?: Json; examples?: Record<string, ExampleObject> }
type Response = { description?: string; headers?: Record<string, unknown>; content?: Record<string, MediaType> }
type Operation = { security?: Record<string, unknown>[]; deprecated?: boolean; requestBody?: Json; responses?: Record<string, Response> }
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: Json & { headers?: Json; examples?: Json } }

const GENERIC_ERROR_DESCRIPTION = 'The error envelope of every non-2xx response.'
const UNSPECIFIED: OperationSpec = { outcomes: [] }

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
const headerRef = (name: HeaderName) => `#/components/headers/${name}`

/**
 * Adds to the document what the route declarations cannot say: on every response the headers it
 * carries (referenced from `components.headers`, an always-sent one marked so in its description)
 * and whole-body examples (successes from SUCCESS_EXAMPLES; on each error status one example per
 * outcome, with its `code` and `details.reason`, referenced from `components.examples`), and lets
 * nullable enums admit null. Returns a new document.
 */
export function decorateDocument<D extends OpenApiDocument>(source: D): D {
	const document = structuredClone(source)
	admitNullInNullableEnums(document)
	const used = new Set<HeaderName>()
	const usedOutcomes = new Set<OutcomeId>()
	for (const [path, item] of Object.entries(document.paths)) {
		for (const [method, operation] of Object.entries(item)) {
			const key = operationKey(method, path)
			const spec = OPERATIONS[key] ?? UNSPECIFIED
			const mode = authModeOf(operation.security)
			if (spec.jsonBody)
				operation.requestBody = { required: true, content: { 'application/json': { schema: JSON.parse(JSON.stringify(spec.jsonBody)) } } }
			const responses = (operation.responses ??= {})
			if (spec.noContent !== undefined && !Object.keys(responses).some((status) => isSuccess(Number(status))))
				responses['204'] = { description: spec.noContent }
			for (const [status, response] of Object.entries(responses)) {
				const headers = responseHeaders(spec, mode, Number(status), operation.deprecated === true)
				response.headers ??= {}
				for (const name of headers.names) {
					used.add(name)
					response.headers[name] = headers.required.includes(name)
						? { $ref: headerRef(name), description: `Always sent on this response. ${HEADER_COMPONENTS[name].description}` }
						: { $ref: headerRef(name) }
				}
				for (const id of addExamples(key, spec, mode, Number(status), response)) usedOutcomes.add(id)
			}
		}
	}
	const components = (document.components ??= {})
	components.headers = { ...components.headers, ...Object.fromEntries([...used].sort().map((name) => [name, HEADER_COMPONENTS[name]])) }
	components.examples = {
		...components.examples,
		...Object.fromEntries([...usedOutcomes].sort().map((id) => [id, { summary: OUTCOMES[id].summary, value: OUTCOMES[id].value }]))
	}
	return document
}

/** Success examples are written in place; error examples (one per outcome, shared by many operations) are referenced. Returns the outcomes referenced. */
function addExamples(
	key: string,
	spec: OperationSpec,
	mode: ReturnType<typeof authModeOf>,
	status: number,
	response: Response
): OutcomeId[] {
	if (isSuccess(status)) {
		for (const example of SUCCESS_EXAMPLES[key] ?? []) {
			const media = response.content?.[example.mediaType ?? 'application/json']
			if (media) (media.examples ??= {})[example.name] = { summary: example.summary, value: example.value }
		}
		return []
	}
	const media = response.content?.['application/json']
	const outcomes = outcomesAt(spec, mode, status)
	if (!media || outcomes.length === 0) return []
	media.examples = Object.fromEntries(outcomes.map(([id]) => [id, { $ref: `#/components/examples/${id}` }]))
	if (response.description === GENERIC_ERROR_DESCRIPTION)
		response.description = [...new Set(outcomes.map(([, outcome]) => outcome.summary))].join('; ')
	return outcomes.map(([id]) => id)
}

/**
 * @elysiajs/openapi folds `t.Union([t.Literal('a'), …, t.Null()])` into `type: ['string', 'null']`
 * with `enum: ['a', …]` (or `const: 'a'`), which rejects null: every nullable enum in the document
 * would refuse the null the API sends. Null is put back into the enum.
 */
export function admitNullInNullableEnums(node: unknown): void {
	if (Array.isArray(node)) {
		for (const item of node) admitNullInNullableEnums(item)
		return
	}
	if (typeof node !== 'object' || node === null) return
	const schema = node as Json
	if (Array.isArray(schema.type) && schema.type.includes('null')) {
		if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null]
		if ('const' in schema && schema.const !== null) {
			schema.enum = [schema.const, null]
			delete schema.const
		}
	}
	for (const value of Object.values(schema)) admitNullInNullableEnums(value)
}
