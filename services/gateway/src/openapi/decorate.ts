import { HEADER_COMPONENTS, type HeaderName } from './header-catalog.ts'
import { OPERATIONS, type OperationSpec } from './operations.ts'
import { authModeOf, isSuccess, outcomesAt, responseHeaders } from './response-headers.ts'
import { SUCCESS_EXAMPLES } from './success-examples.ts'

type Json = Record<string, unknown>
type MediaType = { schema?: Json; examples?: Record<string, { summary: string; value: unknown }> }
type Response = { description?: string; headers?: Record<string, unknown>; content?: Record<string, MediaType> }
type Operation = { security?: Record<string, unknown>[]; deprecated?: boolean; responses?: Record<string, Response> }
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: Json & { headers?: Json } }

const GENERIC_ERROR_DESCRIPTION = 'The error envelope of every non-2xx response.'
const UNSPECIFIED: OperationSpec = { outcomes: [] }

export const operationKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`
const headerRef = (name: HeaderName) => `#/components/headers/${name}`

/**
 * Adds to the document what the route declarations cannot say: on every response the headers it
 * carries (referenced from `components.headers`, an always-sent one marked so in its description)
 * and whole-body examples (successes from SUCCESS_EXAMPLES, each error status one example per
 * outcome with its `code` and `details.reason`). Returns a new document.
 */
export function decorateDocument<D extends OpenApiDocument>(source: D): D {
	const document = structuredClone(source)
	const used = new Set<HeaderName>()
	for (const [path, item] of Object.entries(document.paths)) {
		for (const [method, operation] of Object.entries(item)) {
			const key = operationKey(method, path)
			const spec = OPERATIONS[key] ?? UNSPECIFIED
			const mode = authModeOf(operation.security)
			const responses = (operation.responses ??= {})
			if (spec.noContent !== undefined && !Object.keys(responses).some((status) => isSuccess(Number(status)))) responses['204'] = { description: spec.noContent }
			for (const [status, response] of Object.entries(responses)) {
				const headers = responseHeaders(spec, mode, Number(status), operation.deprecated === true)
				response.headers ??= {}
				for (const name of headers.names) {
					used.add(name)
					response.headers[name] = headers.required.includes(name)
						? { $ref: headerRef(name), description: `Always sent on this response. ${HEADER_COMPONENTS[name].description}` }
						: { $ref: headerRef(name) }
				}
				addExamples(key, spec, mode, Number(status), response)
			}
		}
	}
	const components = (document.components ??= {})
	components.headers = { ...components.headers, ...Object.fromEntries([...used].sort().map((name) => [name, HEADER_COMPONENTS[name]])) }
	return document
}

function addExamples(key: string, spec: OperationSpec, mode: ReturnType<typeof authModeOf>, status: number, response: Response): void {
	if (isSuccess(status)) {
		for (const example of SUCCESS_EXAMPLES[key] ?? []) {
			const media = response.content?.[example.mediaType ?? 'application/json']
			if (media) (media.examples ??= {})[example.name] = { summary: example.summary, value: example.value }
		}
		return
	}
	const media = response.content?.['application/json']
	const outcomes = outcomesAt(spec, mode, status)
	if (!media || outcomes.length === 0) return
	media.examples = Object.fromEntries(outcomes.map(([id, outcome]) => [id, { summary: outcome.summary, value: outcome.value }]))
	if (response.description === GENERIC_ERROR_DESCRIPTION) response.description = [...new Set(outcomes.map(([, outcome]) => outcome.summary))].join('; ')
}
