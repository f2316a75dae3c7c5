import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { rmSync } from 'node:fs'
import { connectBus } from '@lv/bus'
import { T, commonEnv, readConfig } from '@lv/config'
import { type NatsHandle, type TestCertificates, makeOwnedTempDir, makeTestCertificates, startNats } from '@lv/testing'
import { natsAuthFrom } from './dependencies.ts'

/** nats-server with TLS on its client port, requiring a client certificate signed by the test CA, and one user per service. */
const dir = makeOwnedTempDir('nats-tls')
let certificates: TestCertificates
let nats: NatsHandle

const serviceConfig = (env: Record<string, string>) =>
	readConfig(T.Object(commonEnv), { DATABASE_URL: 'postgres://unused', NATS_URL: nats.url, ...env })
const connectWith = (env: Record<string, string>) => {
	const config = serviceConfig(env)
	return connectBus({ ...natsAuthFrom(config), servers: config.NATS_URL, name: 'tls-test' })
}

beforeAll(async () => {
	certificates = makeTestCertificates(dir)
	nats = await startNats({
		users: true,
		tls: { certFile: certificates.serverCertFile, keyFile: certificates.serverKeyFile, caFile: certificates.caFile }
	})
})

afterAll(async () => {
	await nats.stop()
	rmSync(dir, { recursive: true, force: true })
})

describe('NATS over TLS from the service settings', () => {
	test('NATS_TLS_CA, NATS_TLS_CERT and NATS_TLS_KEY with the service user connect, and JetStream answers', async () => {
		const bus = await connectWith({
			NATS_USER: 'gateway',
			NATS_PASSWORD: nats.credentials?.gateway.pass ?? '',
			NATS_TLS_CA: certificates.caFile,
			NATS_TLS_CERT: certificates.clientCertFile,
			NATS_TLS_KEY: certificates.clientKeyFile
		})
		try {
			expect((await bus.jsm.getAccountInfo()).streams).toBe(0)
		} finally {
			await bus.close()
		}
	})

	test('a client that does not trust the CA (no NATS_TLS_CA) refuses the server', async () => {
		const user = { NATS_USER: 'gateway', NATS_PASSWORD: nats.credentials?.gateway.pass ?? '' }
		await expect(
			connectWith({ ...user, NATS_TLS_CERT: certificates.clientCertFile, NATS_TLS_KEY: certificates.clientKeyFile })
		).rejects.toThrow(/certificate/)
	})

	test('no NATS_* settings: no user and no TLS options reach the client', () => {
		expect(natsAuthFrom(readConfig(T.Object(commonEnv), { DATABASE_URL: 'postgres://unused', NATS_URL: 'nats://127.0.0.1:4222' }))).toEqual(
			{}
		)
	})
})
