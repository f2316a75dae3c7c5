import { Elysia } from 'elysia'

/** The baseline: a bare Elysia route on the same machine, answering a small JSON body. */
const port = Number(process.argv[2] ?? 0)
const app = new Elysia().get('/v1/bare', () => ({ verdict: 'licensed', ok: true })).listen({ port, hostname: '127.0.0.1' })
console.log(JSON.stringify({ ready: true, port: app.server?.port }))
