/** The yardstick: a bare Elysia JSON route, nothing else, measured in every bench run. */
import { Elysia } from 'elysia'

new Elysia().get('/bare', () => ({ ok: true, service: 'bare' })).listen({ port: Number(process.env.PORT ?? 0), hostname: '127.0.0.1' })
