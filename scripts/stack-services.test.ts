import { describe, expect, test } from 'bun:test'
import { CHECKER_HEAP_OPTIONS } from '../services/checker/src/heap-options.ts'
import { STACK_SERVICES, type StackPorts } from './stack-services.ts'

const ports: StackPorts = { api: 1, dashboard: 2, registers: 3, apiReplica: 4 }

describe('the stack', () => {
	test('starts every checker replica with its JavaScriptCore options (ADR 0058)', () => {
		const checker = STACK_SERVICES.find((service) => service.name === 'checker')
		for (const replica of [0, 1]) expect(checker?.env(ports, '/tmp/stack', replica)).toMatchObject(CHECKER_HEAP_OPTIONS)
	})
})
