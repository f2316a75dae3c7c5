import { beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { parse } from '@cdktf/hcl2json'
import { NATS_ROLES } from '@lv/contracts'
import { DEPLOY_DIR } from './generate.ts'
import { natsPasswordVariable } from './render.ts'
import { POSTGRES_EXPORTER_CONNECTIONS, SECRET_STAND_INS, configProblem, extraConnections } from './service-config.ts'

/* hcl2json keeps expressions as "${...}" strings and every block as an array of bodies. */
type Body = Record<string, any>
type ServiceGroup = {
	count: number
	entry: string
	http_port: number
	nats_user: string
	pool: number
	memory: number
	env: Record<string, string>
}

const parsed: Record<string, Body> = {}
const nomadFile = (name: string) => {
	const body = parsed[name]
	if (!body) throw new Error(`${name} not parsed`)
	return body
}
const only = (blocks: Body[] | undefined, what: string): Body => {
	if (blocks?.length !== 1 || !blocks[0]) throw new Error(`expected one ${what}`)
	return blocks[0]
}

type ServicePodPatch = {
	path: string
	value: { httpGet: { path: string; port: string }; periodSeconds: number; failureThreshold: number }
}[]

const servicesJob = () => only(nomadFile('licence-verify.nomad.hcl').job['licence-verify'], 'job licence-verify')
const servicesLocals = () => only(nomadFile('licence-verify.nomad.hcl').locals, 'locals block')
const groupContent = () => only(only(servicesJob().dynamic.group, 'dynamic group').content, 'group content')

/** local.services as the job computes it: the fixed services, then one reader group per line of readers.vars.hcl. */
function serviceGroups(): Record<string, ServiceGroup> {
	const locals = servicesLocals()
	expect(locals.services).toStartWith('${merge(local.fixed_services, {')
	const readers = nomadFile('readers.vars.hcl').readers as Record<string, string>
	return {
		...locals.fixed_services,
		...Object.fromEntries(
			Object.entries(readers).map(([name, jurisdictions]) => [
				`reader-${name}`,
				{ ...locals.reader, env: { READER_JURISDICTIONS: jurisdictions } }
			])
		)
	}
}

/** Each group of both jobs: the port labels its network declares and the services it registers (a dynamic one by its content). */
function nomadGroups(): { group: string; ports: string[]; services: Body[] }[] {
	const portsOf = (network: Body | undefined) => [
		...Object.keys(network?.port ?? {}),
		...(network?.dynamic?.port ?? []).flatMap((port: Body) => port.labels as string[])
	]
	const describe = (group: string, body: Body) => ({
		group,
		ports: portsOf(body.network?.[0]),
		services: [...(body.service ?? []), ...(body.dynamic?.service ?? []).flatMap((service: Body) => service.content as Body[])]
	})
	const natsGroups = only(nomadFile('nats.nomad.hcl').job.nats, 'nats job').group as Record<string, Body[]>
	const staticGroups = (servicesJob().group ?? {}) as Record<string, Body[]>
	return [
		describe('licence-verify services', groupContent()),
		...Object.entries({ ...natsGroups, ...staticGroups }).map(([name, bodies]) => describe(name, only(bodies, `group ${name}`)))
	]
}

beforeAll(async () => {
	for (const name of ['licence-verify.nomad.hcl', 'nats.nomad.hcl', 'variables.policy.hcl', 'readers.vars.hcl']) {
		parsed[name] = (await parse(name, await Bun.file(join(DEPLOY_DIR, 'nomad', name)).text())) as Body
	}
}, 60_000)

describe('deploy/nomad', () => {
	test('the services job runs the release image on the docker driver, migrations first, with an update and a spread block', () => {
		const job = servicesJob()
		expect(only(job.update, 'update')).toMatchObject({ max_parallel: 1, auto_revert: true })
		expect(only(job.spread, 'spread').attribute).toBe('${node.unique.id}')
		const tasks = groupContent().task
		for (const task of [only(tasks.migrate, 'migrate task'), only(tasks.service, 'service task')]) {
			expect(task.driver).toBe('docker')
			expect(only(task.config, 'config').image).toBe('${var.image}')
		}
		expect(only(tasks.migrate[0].lifecycle, 'lifecycle')).toEqual({ hook: 'prestart', sidecar: false })
		expect(only(tasks.migrate[0].config, 'config').args).toEqual(['packages/db/src/migrate-cli.ts'])
	})

	test('the dashboard finds the gateway through Nomad service discovery', () => {
		const content = groupContent()
		const httpService = only(content.dynamic.service, 'dynamic service')
		expect(httpService.for_each).toBe('${group.value.http_port > 0 ? [group.key] : []}')
		expect(only(httpService.content, 'service content')).toMatchObject({ name: '${service.value}', port: 'http', provider: 'nomad' })
		expect(serviceGroups().gateway?.http_port).toBeGreaterThan(0)
		const template = only(content.task.service[0].template, 'template').data as string
		expect(template).toContain(
			'%{if group.key == "dashboard"}{{ range nomadService 1 (env "NOMAD_ALLOC_ID") "gateway" }}API_BASE_URL=http://{{ .Address }}:{{ .Port }}'
		)
	})

	test("each group's own config reader accepts the environment the job gives it", async () => {
		const task = groupContent().task.service[0]
		expect(task.env).toStartWith('${merge(local.common_env, group.value.env, {')
		const template = only(task.template, 'template').data as string
		for (const name of ['DATABASE_URL', 'WEBHOOK_SECRET_KEY']) expect(template).toContain(`${name}={{ .${name} }}`)
		expect(template).toContain('NATS_PASSWORD={{ .NATS_PASSWORD_${upper(group.value.nats_user)} }}')
		expect(template).toContain('NATS_URL={{ range $i, $s := nomadService "nats" }}')
		expect(template).toContain('DASHBOARD_MAIL_URL={{ .DASHBOARD_MAIL_URL }}{{ end }}%{endif}')
		expect(template).toContain('%{if contains(["gateway", "dashboard"], group.key)}OAUTH_TOKEN_SECRET={{ .OAUTH_TOKEN_SECRET }}%{endif}')
		expect(template).toContain(
			'%{if group.key == "gateway"}EVIDENCE_SIGNING_KEY={{ .EVIDENCE_SIGNING_KEY | toJSON }}\nEVIDENCE_PUBLIC_KEYS={{ .EVIDENCE_PUBLIC_KEYS | toJSON }}%{endif}'
		)
		const groups = serviceGroups()
		expect(Object.keys(groups).sort()).toEqual([
			'checker',
			'dashboard',
			'exporter',
			'gateway',
			'notifier',
			'reader-offshore',
			'reader-uk-mt'
		])
		for (const [name, group] of Object.entries(groups)) {
			const env: Record<string, string> = {
				...servicesLocals().common_env,
				...group.env,
				PORT: String(group.http_port),
				DATABASE_POOL_MAX: String(group.pool),
				NATS_USER: group.nats_user,
				DATABASE_URL: SECRET_STAND_INS.DATABASE_URL ?? '',
				WEBHOOK_SECRET_KEY: SECRET_STAND_INS.WEBHOOK_SECRET_KEY ?? '',
				NATS_URL: 'nats://10.30.0.21:4222,nats://10.30.0.22:4222',
				...(group.nats_user === '' ? {} : { NATS_PASSWORD: SECRET_STAND_INS.NATS_PASSWORD ?? '' }),
				...(name === 'gateway' || name === 'dashboard' ? { OAUTH_TOKEN_SECRET: SECRET_STAND_INS.OAUTH_TOKEN_SECRET ?? '' } : {}),
				...(name === 'gateway'
					? {
							EVIDENCE_SIGNING_KEY: SECRET_STAND_INS.EVIDENCE_SIGNING_KEY ?? '',
							EVIDENCE_PUBLIC_KEYS: SECRET_STAND_INS.EVIDENCE_PUBLIC_KEYS ?? ''
						}
					: {}),
				...(name === 'dashboard'
					? { API_BASE_URL: 'http://10.30.0.31:25123', DASHBOARD_MAIL_URL: SECRET_STAND_INS.DASHBOARD_MAIL_URL ?? '' }
					: {})
			}
			expect({ name, problem: await configProblem(group.entry, env) }).toEqual({ name, problem: undefined })
			if (group.nats_user !== '') expect(NATS_ROLES as readonly string[]).toContain(group.nats_user)
		}
	})

	test('every port a group listens on is a checked service or the port of a check, and every service has a check of its own', () => {
		const groups = nomadGroups()
		expect(groups.map((group) => group.group).sort()).toEqual(['licence-verify services', 'nats', 'postgres-exporter'])
		for (const { group, ports, services } of groups) {
			const unchecked = services.filter((service) => !(service.check?.length > 0)).map((service) => service.name)
			const probed = new Set(services.flatMap((service) => [service.port, ...(service.check ?? []).map((check: Body) => check.port)]))
			expect({ group, unchecked, unregistered: ports.filter((port) => !probed.has(port)) }).toEqual({
				group,
				unchecked: [],
				unregistered: []
			})
		}
	})

	test("the gateway's and the dashboard's HTTP services are checked on readiness and every group restarted on liveness, as Kubernetes probes them", async () => {
		const patch = Bun.YAML.parse(await Bun.file(join(DEPLOY_DIR, 'k8s', 'service-pod.patch.yaml')).text()) as ServicePodPatch
		const probe = (name: string) => {
			const found = patch.find((op) => op.path.endsWith(`/${name}`))?.value
			if (!found) throw new Error(`no ${name} in the service pod patch`)
			return found
		}
		const [readiness, liveness] = [probe('readinessProbe'), probe('livenessProbe')]
		const ready = { type: 'http', port: readiness.httpGet.port, path: readiness.httpGet.path, interval: `${readiness.periodSeconds}s` }
		const content = groupContent()
		const httpService = only(only(content.dynamic.service, 'dynamic service').content, 'service content')
		expect(only(httpService.check, 'http service check')).toMatchObject(ready)
		const health = only(content.service, 'health service')
		expect(health.port).toBe(liveness.httpGet.port)
		const checks = health.check as Body[]
		const { port: _onItsOwnPort, ...readyOnTheHealthPort } = ready
		expect(checks.find((check) => check.path === readiness.httpGet.path)).toMatchObject(readyOnTheHealthPort)
		expect(checks.find((check) => check.path === liveness.httpGet.path)).toMatchObject({
			type: 'http',
			interval: `${liveness.periodSeconds}s`,
			task: 'service',
			check_restart: [{ limit: liveness.failureThreshold }]
		})
	})

	test('the pools of every group at its count, and the PostgreSQL exporter, fit in the PostgreSQL connection budget', () => {
		const connections = Object.entries(serviceGroups()).reduce(
			(sum, [name, group]) => sum + group.count * (group.pool + extraConnections(name)),
			POSTGRES_EXPORTER_CONNECTIONS * only(servicesJob().group['postgres-exporter'], 'postgres-exporter group').count
		)
		expect(connections).toBeLessThanOrEqual(servicesLocals().postgres_connection_budget)
	})

	test('every group may use the memory its Kubernetes container may, a checker enough for the whole index', async () => {
		const limits = new Map<string, number>()
		for (const file of ['gateway', 'checker', 'notifier', 'exporter', 'dashboard', 'readers']) {
			const objects = [Bun.YAML.parse(await Bun.file(join(DEPLOY_DIR, 'k8s', `${file}.yaml`)).text())].flat() as Body[]
			for (const object of objects.filter((object) => object?.kind === 'Deployment')) {
				const limit = String(object.spec.template.spec.containers[0].resources.limits.memory)
				limits.set(object.metadata.name, Number.parseInt(limit, 10) * (limit.endsWith('Gi') ? 1024 : 1))
			}
		}
		const groups = Object.entries(serviceGroups())
		const memory: Record<string, unknown> = Object.fromEntries(groups.map(([name, group]) => [name, group.memory]))
		expect(memory).toEqual(Object.fromEntries(groups.map(([name]) => [name, limits.get(name) ?? 'no Kubernetes Deployment of this name'])))
		expect(only(only(groupContent().task.service, 'service task').resources, 'resources').memory).toBe('${group.value.memory}')
	})

	test("the migrations read the job's own variable; the ACL policy lets the NATS job read it, read-only", () => {
		const migrate = groupContent().task.migrate[0]
		expect(only(migrate.template, 'template').data).toContain('nomadVar "nomad/jobs/licence-verify"')
		const policy = only(nomadFile('variables.policy.hcl').namespace.default, 'namespace')
		expect(only(policy.variables, 'variables').path).toEqual({ 'nomad/jobs/licence-verify': [{ capabilities: ['read'] }] })
		const natsTemplates = only(only(nomadFile('nats.nomad.hcl').job.nats, 'nats job').group.nats, 'nats group').task.nats[0]
			.template as Body[]
		expect(natsTemplates.some((template) => String(template.data).includes('nomadVar "nomad/jobs/licence-verify"'))).toBe(true)
	})

	test('NATS: three nodes on distinct hosts with their own volume, the generated configuration and every user password', () => {
		const group = only(only(nomadFile('nats.nomad.hcl').job.nats, 'nats job').group.nats, 'nats group')
		expect(group.count).toBe(3)
		expect(only(group.constraint, 'constraint')).toEqual({ operator: 'distinct_hosts', value: 'true' })
		expect(only(group.volume.data, 'volume')).toMatchObject({ type: 'host' })
		const templates = only(group.task.nats, 'nats task').template as Body[]
		expect(templates.map((template) => template.data)).toContain('${file("nats.conf.tpl")}')
		const secrets = templates.map((template) => String(template.data)).join('\n')
		for (const role of NATS_ROLES) expect(secrets).toContain(`${natsPasswordVariable(role)}={{ .${natsPasswordVariable(role)} }}`)
	})

	test("the README's `nomad var put` sets every variable the jobs' templates read (optional ones aside)", async () => {
		const readme = await Bun.file(join(DEPLOY_DIR, 'README.md')).text()
		const command = readme.slice(
			readme.indexOf('nomad var put nomad/jobs/licence-verify'),
			readme.indexOf('```', readme.indexOf('nomad var put'))
		)
		const looped =
			command
				.match(/for role in ([A-Z ]+); do echo NATS_PASSWORD_\$role=/)?.[1]
				?.trim()
				.split(/\s+/) ?? []
		const set = new Set([
			...[...command.matchAll(/\b([A-Z][A-Z0-9_]+)=/g)].map((match) => match[1] as string),
			...looped.map((role) => `NATS_PASSWORD_${role}`)
		])
		const templates = await Promise.all(
			['licence-verify.nomad.hcl', 'nats.nomad.hcl'].map((name) => Bun.file(join(DEPLOY_DIR, 'nomad', name)).text())
		)
		const read = new Set(
			templates
				.flatMap((text) => [...text.matchAll(/\{\{ \.([A-Z][A-Z0-9_]+)/g)].map((match) => match[1] as string))
				.filter((name) => !name.endsWith('_'))
		)
		// The services' own template names the variable per group (`NATS_PASSWORD_${upper(...)}`): every role's.
		for (const role of NATS_ROLES) read.add(natsPasswordVariable(role))
		const optional = new Set(['EVIDENCE_PUBLIC_KEYS'])
		expect([...read].filter((name) => !optional.has(name) && !set.has(name)).sort()).toEqual([])
	})
})
