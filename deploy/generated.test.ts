import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { NATS_ROLES } from '@lv/contracts'
import { JURISDICTION_CODES } from '@lv/registers'
import { findBinary } from '@lv/testing'
import { DEPLOY_DIR, generatedFiles } from './generate.ts'
import { natsPasswordVariable, parseReaderGroups } from './render.ts'

describe('generated deployment files', () => {
	test('each committed file is what `bun deploy/generate.ts` writes from deploy/readers.txt and the contracts', async () => {
		for (const [path, content] of Object.entries(await generatedFiles())) {
			expect({ path, content: await Bun.file(join(DEPLOY_DIR, path)).text() }).toEqual({ path, content })
		}
	})

	test('deploy/readers.txt names every jurisdiction exactly once', async () => {
		const groups = parseReaderGroups(await Bun.file(join(DEPLOY_DIR, 'readers.txt')).text())
		expect(groups.flatMap((group) => group.jurisdictions).sort()).toEqual([...JURISDICTION_CODES].sort())
	})

	test('a reader list line that is not "<name> <CODES>" is refused', () => {
		expect(() => parseReaderGroups('uk UKGC extra')).toThrow(/expected/)
		expect(() => parseReaderGroups('UK UKGC')).toThrow(/expected/)
	})

	test('nats-server accepts the Kubernetes configuration once every password variable is set, and refuses it without', () => {
		const binary = findBinary(['nats-server', '/usr/sbin/nats-server', '/usr/bin/nats-server'])
		if (!binary) throw new Error('nats-server not installed')
		const passwords = Object.fromEntries(NATS_ROLES.map((role) => [natsPasswordVariable(role), `${role}-password`]))
		const check = (env: Record<string, string>) =>
			Bun.spawnSync([binary, '-t', '-c', join(DEPLOY_DIR, 'k8s', 'nats.conf')], {
				env: { PATH: process.env.PATH ?? '', POD_NAME: 'nats-0', ...env },
				stderr: 'pipe'
			})
		expect(check(passwords).exitCode).toBe(0)
		const { [natsPasswordVariable('gateway')]: _left, ...withoutGateway } = passwords
		const refused = check(withoutGateway)
		expect(refused.exitCode).not.toBe(0)
		expect(refused.stderr.toString()).toContain(natsPasswordVariable('gateway'))
	})
})
