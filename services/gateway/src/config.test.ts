import { expect, test } from 'bun:test'
import { DATABASE_WAIT_MARGIN_MS, databaseWaitTimeoutMs, readGatewayConfig } from './config.ts'

const required = { DATABASE_URL: 'postgres://gateway@db/licences', NATS_URL: 'nats://nats:4222', WEBHOOK_SECRET_KEY: 'a'.repeat(64) }

test('a gateway given no CHECK_MESSAGES_IN_FLIGHT keeps two check.many messages in flight, and one when told so (ADR 0059)', () => {
	expect(readGatewayConfig(required).CHECK_MESSAGES_IN_FLIGHT).toBe(2)
	expect(readGatewayConfig({ ...required, CHECK_MESSAGES_IN_FLIGHT: '1' }).CHECK_MESSAGES_IN_FLIGHT).toBe(1)
})

test('a gateway given no DATABASE_WAIT_TIMEOUT_MS waits for PostgreSQL its statement timeout plus the margin, and what it is told otherwise', () => {
	expect(databaseWaitTimeoutMs(readGatewayConfig(required))).toBe(30_000 + DATABASE_WAIT_MARGIN_MS)
	expect(databaseWaitTimeoutMs(readGatewayConfig({ ...required, DATABASE_STATEMENT_TIMEOUT_MS: '5000' }))).toBe(
		5_000 + DATABASE_WAIT_MARGIN_MS
	)
	expect(databaseWaitTimeoutMs(readGatewayConfig({ ...required, DATABASE_WAIT_TIMEOUT_MS: '800' }))).toBe(800)
})
