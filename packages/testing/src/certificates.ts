import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { findBinary } from './processes.ts'

export type TestCertificates = {
	caFile: string
	serverCertFile: string
	serverKeyFile: string
	clientCertFile: string
	clientKeyFile: string
}

/** A throwaway CA, a server certificate for 127.0.0.1/localhost and a client certificate, made with openssl in `dir`. */
export function makeTestCertificates(dir: string): TestCertificates {
	const openssl = findBinary(['openssl', '/usr/bin/openssl'])
	if (!openssl) throw new Error('openssl not found: install it with `apt-get install -y openssl`')
	const run = (...args: string[]) => {
		const result = Bun.spawnSync([openssl, ...args], { cwd: dir, stderr: 'pipe', stdout: 'ignore' })
		if (result.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr.toString()}`)
	}
	const key = (name: string) => run('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', `${name}.key`)
	key('ca')
	run('req', '-x509', '-new', '-key', 'ca.key', '-subj', '/CN=licence-verify test CA', '-days', '2', '-out', 'ca.pem')
	const signed = (name: string, subject: string, extensions: string) => {
		key(name)
		run('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`)
		writeFileSync(join(dir, `${name}.ext`), extensions)
		run(
			'x509',
			'-req',
			'-in',
			`${name}.csr`,
			'-CA',
			'ca.pem',
			'-CAkey',
			'ca.key',
			'-CAcreateserial',
			'-days',
			'2',
			'-extfile',
			`${name}.ext`,
			'-out',
			`${name}.pem`
		)
	}
	signed('server', '/CN=nats', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n')
	signed('client', '/CN=gateway', 'extendedKeyUsage=clientAuth\n')
	return {
		caFile: join(dir, 'ca.pem'),
		serverCertFile: join(dir, 'server.pem'),
		serverKeyFile: join(dir, 'server.key'),
		clientCertFile: join(dir, 'client.pem'),
		clientKeyFile: join(dir, 'client.key')
	}
}
