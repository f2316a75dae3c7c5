import { expect, test } from 'bun:test'
import { readGatewayConfig } from './config.ts'

const required = { DATABASE_URL: 'postgres://gateway@db/licences', NATS_URL: 'nats://nats:4222', WEBHOOK_SECRET_KEY: 'a'.repeat(64) }

test('a gateway given no CHECK_MESSAGES_IN_FLIGHT keeps two check.many messages in flight, and one when told so (ADR 0059)', () => {
	expect(readGatewayConfig(required).CHECK_MESSAGES_IN_FLIGHT).toBe(2)
	expect(readGatewayConfig({ ...required, CHECK_MESSAGES_IN_FLIGHT: '1' }).CHECK_MESSAGES_IN_FLIGHT).toBe(1)
})
