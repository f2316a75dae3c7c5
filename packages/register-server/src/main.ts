import { watchParent } from '@lv/runtime'
import { startRegisterServer } from './server.ts'

// A dev tool, not a service: it takes PORT and REGISTER_DAY directly.
const port = Number(process.env.PORT ?? 8070)
const day = Number(process.env.REGISTER_DAY ?? 0)
const server = startRegisterServer({ port, hostname: process.env.HOST ?? '127.0.0.1', day })
console.log(JSON.stringify({ level: 'info', service: 'register-server', msg: 'listening', url: server.url, day }))
const stop = async () => {
	await server.stop()
	process.exit(0)
}
process.on('SIGTERM', () => void stop())
process.on('SIGINT', () => void stop())
if (process.env.EXIT_WITH_PARENT === 'true') watchParent(() => void stop())
