import { beforeAll, describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { NATS_PERMISSIONS, NATS_ROLES } from '@lv/contracts'
import { REPO_ROOT } from '@lv/testing'
import { kubernetesProblems } from './kubernetes-schema.ts'
import { natsPasswordVariable } from './render.ts'
import { POSTGRES_EXPORTER_CONNECTIONS, SECRET_STAND_INS, configProblem, extraConnections } from './service-config.ts'

/* Minimal shapes of the rendered objects this test reads (the schemas check the rest). */
type EnvVar = { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string }; fieldRef?: unknown } }
type Container = {
	name: string
	image: string
	command?: string[]
	args?: string[]
	ports?: { name?: string; containerPort: number }[]
	env?: EnvVar[]
	envFrom?: { configMapRef?: { name: string } }[]
	securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean }
	lifecycle?: { preStop?: unknown }
	readinessProbe?: unknown
	livenessProbe?: unknown
	volumeMounts?: { name: string; mountPath: string }[]
}
type PodSpec = { containers: Container[]; initContainers?: Container[]; securityContext?: { runAsNonRoot?: boolean }; volumes?: unknown[] }
type Selector = { matchLabels?: Record<string, string> }
type K8sObject = {
	apiVersion: string
	kind: string
	metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }
	data?: Record<string, string>
	spec?: {
		replicas?: number
		selector?: Selector
		template?: { metadata: { labels: Record<string, string>; annotations?: Record<string, string> }; spec: PodSpec }
		scaleTargetRef?: { name: string }
		maxReplicas?: number
		podSelector?: Selector
		ingress?: { from?: { podSelector?: Selector; namespaceSelector?: Selector }[]; ports?: { port: number }[] }[]
	}
}

type EnvVarSource = EnvVar['valueFrom']

/** The namespace the cluster's Prometheus runs in (deploy/README.md). */
const PROMETHEUS_NAMESPACE = 'monitoring'

/** The objects `kubectl kustomize <dir>` renders, with the look-ups the tests use. */
function rendered(dir: string) {
	const render = Bun.spawnSync(['kubectl', 'kustomize', join(REPO_ROOT, 'deploy', dir)], { stderr: 'pipe' })
	if (render.exitCode !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${render.stderr.toString()}`)
	const objects = (Bun.YAML.parse(render.stdout.toString()) as K8sObject[]).filter(Boolean)
	const ofKind = (kind: string) => objects.filter((object) => object.kind === kind)
	const named = (kind: string, name: string) => {
		const found = objects.find((object) => object.kind === kind && object.metadata.name === name)
		if (!found) throw new Error(`no ${kind} ${name}`)
		return found
	}
	/** The environment a container sees: its ConfigMaps, then its own variables, secrets as stand-ins. */
	const environmentOf = (container: Container): Record<string, string> => {
		const env: Record<string, string> = {}
		for (const source of container.envFrom ?? []) Object.assign(env, named('ConfigMap', source.configMapRef?.name ?? '').data)
		for (const variable of container.env ?? []) env[variable.name] = variable.value ?? standIn(variable.name, variable.valueFrom)
		return env
	}
	return {
		objects,
		ofKind,
		named,
		environmentOf,
		serviceDeployments: () => ofKind('Deployment').filter((deployment) => deployment.metadata.labels?.['lv/pod'] === 'service')
	}
}

const standIn = (name: string, source: EnvVarSource) =>
	source?.secretKeyRef ? (SECRET_STAND_INS[name] ?? 'secret') : 'from-the-downward-api'
const podOf = (workload: K8sObject) => {
	const pod = workload.spec?.template?.spec
	if (!pod) throw new Error(`${workload.metadata.name} has no pod template`)
	return pod
}
const mainContainer = (workload: K8sObject) => {
	const container = podOf(workload).containers[0]
	if (!container) throw new Error(`${workload.metadata.name} has no container`)
	return container
}
const appOf = (workload: K8sObject) => workload.spec?.template?.metadata.labels.app ?? ''
const selects = (selector: Selector | undefined, labels: Record<string, string>) =>
	Object.entries(selector?.matchLabels ?? {}).every(([key, value]) => labels[key] === value)
const schemaProblems = async (objects: K8sObject[]) =>
	(
		await Promise.all(
			objects.map(async (object) => ({ object: `${object.kind}/${object.metadata.name}`, problems: await kubernetesProblems(object) }))
		)
	).filter((entry) => entry.problems.length > 0)

/** Runs each service Deployment's config reader on the environment it gets; the refusals, none when all accept. */
async function configRefusals(deployments: ReturnType<typeof rendered>) {
	const refusals: { deployment: string; problem: string }[] = []
	for (const deployment of deployments.serviceDeployments()) {
		const container = mainContainer(deployment)
		const problem = await configProblem(container.command?.[1] ?? '', deployments.environmentOf(container))
		if (problem) refusals.push({ deployment: deployment.metadata.name, problem })
	}
	return refusals
}

let k8s: ReturnType<typeof rendered>
let withNatsTls: ReturnType<typeof rendered>

beforeAll(() => {
	k8s = rendered('k8s')
	withNatsTls = rendered('k8s-nats-tls')
}, 60_000)

describe('deploy/k8s (kubectl kustomize)', () => {
	test('every rendered object is valid against the Kubernetes schemas, with no unknown field', async () => {
		expect(k8s.objects.length).toBeGreaterThan(20)
		expect(await schemaProblems(k8s.objects)).toEqual([])
	})

	test('the schema check refuses a misspelt field and a wrong type', async () => {
		const gateway = structuredClone(k8s.named('Deployment', 'gateway'))
		Object.assign(mainContainer(gateway), { imagePullPolcy: 'Always' })
		expect(await kubernetesProblems(gateway)).toEqual(['/spec/template/spec/containers/0/imagePullPolcy: unknown field'])
		Object.assign(gateway.spec ?? {}, { replicas: 'three' })
		expect((await kubernetesProblems(gateway)).join()).toContain('replicas must be integer')
	})

	test('every pod runs the pinned release image, never :latest', () => {
		const images = k8s.objects.flatMap((object) => {
			const pod = object.spec?.template?.spec
			return pod ? [...pod.containers, ...(pod.initContainers ?? [])].map((container) => container.image) : []
		})
		expect(images.length).toBeGreaterThan(10)
		for (const image of images)
			expect(image).toMatch(
				/^(registry\.example\/licence-verify:\d{4}\.\d{2}\.\d{2}|nats:\d+\.\d+\.\d+-alpine|natsio\/prometheus-nats-exporter:\d+\.\d+\.\d+|prometheuscommunity\/postgres-exporter:v\d+\.\d+\.\d+)$/
			)
	})

	test('each service Deployment: non-root, read-only root filesystem, migrations first, a preStop delay, probes and a disruption budget', () => {
		const deployments = k8s.serviceDeployments()
		expect(deployments.map(appOf).sort()).toEqual([
			'checker',
			'dashboard',
			'exporter',
			'gateway',
			'notifier',
			'reader-offshore',
			'reader-uk-mt'
		])
		const budgets = k8s.ofKind('PodDisruptionBudget')
		for (const deployment of deployments) {
			const pod = podOf(deployment)
			const container = mainContainer(deployment)
			expect(pod.securityContext?.runAsNonRoot).toBe(true)
			for (const each of [...pod.containers, ...(pod.initContainers ?? [])]) {
				expect(each.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false })
			}
			expect(pod.initContainers?.map((init) => init.command)).toEqual([['bun', 'packages/db/src/migrate-cli.ts']])
			expect(container.lifecycle?.preStop).toBeDefined()
			expect(container.readinessProbe).toBeDefined()
			expect(container.livenessProbe).toBeDefined()
			expect(budgets.filter((budget) => selects(budget.spec?.selector, deployment.spec?.template?.metadata.labels ?? {}))).toHaveLength(1)
		}
	})

	test('the gateway and the checker scale by HorizontalPodAutoscaler', () => {
		expect(
			k8s
				.ofKind('HorizontalPodAutoscaler')
				.map((hpa) => hpa.spec?.scaleTargetRef?.name)
				.sort()
		).toEqual(['checker', 'gateway'])
	})

	test('from outside only the gateway and the dashboard are reachable, through the ingress controller', () => {
		const policies = k8s.ofKind('NetworkPolicy')
		const denyAll = policies.find((policy) => Object.keys(policy.spec?.podSelector?.matchLabels ?? {}).length === 0)
		expect(denyAll).toBeDefined()
		const fromIngressController = policies.filter((policy) =>
			policy.spec?.ingress?.some((rule) =>
				rule.from?.some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx')
			)
		)
		expect(fromIngressController.map((policy) => policy.spec?.podSelector?.matchLabels?.app).sort()).toEqual(['dashboard', 'gateway'])
		const backends = k8s.ofKind('Ingress').flatMap((ingress) => JSON.stringify(ingress).match(/"service":\{"name":"[a-z]+"/g) ?? [])
		expect(new Set(backends)).toEqual(new Set(['"service":{"name":"gateway"', '"service":{"name":"dashboard"']))
	})

	test("Prometheus, from its namespace, reaches the scrape port of every pod annotated for it: each service's, each NATS node's exporter, the PostgreSQL exporter (default-deny would hide every metric)", () => {
		const allows = (policy: K8sObject, labels: Record<string, string>, port: number) =>
			selects(policy.spec?.podSelector, labels) &&
			(policy.spec?.ingress ?? []).some(
				(rule) =>
					(rule.ports ?? []).some((allowed) => allowed.port === port) &&
					(rule.from ?? []).some(
						(peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === PROMETHEUS_NAMESPACE && !peer.podSelector
					)
			)
		const scraped = [...k8s.ofKind('Deployment'), ...k8s.ofKind('StatefulSet')].filter(
			(workload) => workload.spec?.template?.metadata.annotations?.['prometheus.io/scrape'] === 'true'
		)
		expect(scraped.map(appOf).sort()).toEqual([...k8s.serviceDeployments().map(appOf), 'nats', 'postgres-exporter'].sort())
		for (const workload of scraped) {
			const port = Number(workload.spec?.template?.metadata.annotations?.['prometheus.io/port'])
			const labels = workload.spec?.template?.metadata.labels ?? {}
			const listening = podOf(workload).containers.some((container) => container.ports?.some((each) => each.containerPort === port))
			expect({
				workload: workload.metadata.name,
				listening,
				scrapable: k8s.ofKind('NetworkPolicy').some((policy) => allows(policy, labels, port))
			}).toEqual({ workload: workload.metadata.name, listening: true, scrapable: true })
		}
	})

	test("the PostgreSQL exporter reads the services' DATABASE_URL from their Secret and reaches PostgreSQL through their egress policy", () => {
		const exporter = k8s.named('Deployment', 'postgres-exporter')
		const source = mainContainer(exporter).env?.find((variable) => variable.name === 'DATA_SOURCE_NAME')
		expect(source).toEqual({ name: 'DATA_SOURCE_NAME', valueFrom: { secretKeyRef: { name: 'lv-secrets', key: 'DATABASE_URL' } } })
		const egress = k8s.named('NetworkPolicy', 'services-to-postgres')
		expect(selects(egress.spec?.podSelector, exporter.spec?.template?.metadata.labels ?? {})).toBe(true)
	})

	test("each NATS node's exporter reads that node's monitoring port for varz, JetStream and connection figures", () => {
		const nats = k8s.named('StatefulSet', 'nats')
		const [server, exporter] = podOf(nats).containers
		const monitor = server?.ports?.find((port) => port.name === 'monitor')?.containerPort
		expect(exporter?.args).toEqual(['-varz', '-jsz=all', '-connz', '-port=7777', `http://localhost:${monitor}`])
		const config = k8s.ofKind('ConfigMap').find((map) => map.metadata.name.startsWith('nats-config'))?.data?.['nats.conf'] ?? ''
		expect(config).toContain(`http: 0.0.0.0:${monitor}`)
	})

	test('only the services that fetch registers, deliver webhooks or send test pings reach the internet, on web ports to public addresses', () => {
		const withInternet = k8s
			.serviceDeployments()
			.filter((deployment) => deployment.spec?.template?.metadata.labels['lv/internet-egress'] === 'true')
		expect(withInternet.map(appOf).sort()).toEqual(['gateway', 'notifier', 'reader-offshore', 'reader-uk-mt'])
		const policy = JSON.stringify(k8s.named('NetworkPolicy', 'internet-egress'))
		expect(policy).toContain('"except":["10.0.0.0/8","172.16.0.0/12","192.168.0.0/16","169.254.0.0/16","100.64.0.0/10"]')
	})

	test('only the services that use NATS reach it, each as its own NATS user', () => {
		const natsPolicy = k8s.named('NetworkPolicy', 'nats')
		const clientRule = natsPolicy.spec?.ingress?.find((rule) => rule.ports?.some((port) => port.port === 4222))
		expect(clientRule?.from).toEqual([{ podSelector: { matchLabels: { 'lv/nats-client': 'true' } } }])
		const natsClients = k8s
			.serviceDeployments()
			.filter((deployment) => deployment.spec?.template?.metadata.labels['lv/nats-client'] === 'true')
		expect(natsClients.map(appOf).sort()).toEqual([
			'checker',
			'dashboard',
			'exporter',
			'gateway',
			'notifier',
			'reader-offshore',
			'reader-uk-mt'
		])
		for (const deployment of natsClients) {
			const env = mainContainer(deployment).env ?? []
			const user = env.find((variable) => variable.name === 'NATS_USER')?.value ?? ''
			expect(NATS_ROLES as readonly string[]).toContain(user)
			expect(env.find((variable) => variable.name === 'NATS_PASSWORD')?.valueFrom?.secretKeyRef).toEqual({
				name: 'lv-nats-users',
				key: user
			})
		}
	})

	test('the NATS StatefulSet: three nodes on persistent volumes, a password for each user of its configuration', () => {
		const nats = k8s.named('StatefulSet', 'nats')
		expect(nats.spec?.replicas).toBe(3)
		expect(JSON.stringify(nats)).toContain('"volumeClaimTemplates"')
		const env = (mainContainer(nats).env ?? []).map((variable) => variable.name)
		for (const role of NATS_ROLES) expect(env).toContain(natsPasswordVariable(role))
		const config = k8s.ofKind('ConfigMap').find((map) => map.metadata.name.startsWith('nats-config'))?.data?.['nats.conf'] ?? ''
		for (const role of NATS_ROLES) expect(config).toContain(`password: $${natsPasswordVariable(role)}`)
		expect(Object.keys(NATS_PERMISSIONS).sort()).toEqual([...NATS_ROLES].sort())
	})

	test("each service's own config reader accepts the environment its Deployment gives it", async () => {
		expect(await configRefusals(k8s)).toEqual([])
		for (const deployment of k8s.serviceDeployments()) {
			const env = k8s.environmentOf(mainContainer(deployment))
			expect(env.JETSTREAM_REPLICAS).toBe('3')
			expect(env.DATABASE_POOL_MAX).toMatch(/^\d+$/)
		}
		const gateway = k8s.environmentOf(mainContainer(k8s.named('Deployment', 'gateway')))
		expect(gateway.PUBLIC_BASE_URL).toStartWith('https://')
		expect(gateway.TRUSTED_PROXIES).not.toContain('/8')
		expect(k8s.environmentOf(mainContainer(k8s.named('Deployment', 'dashboard'))).TRUSTED_PROXIES).toBe(gateway.TRUSTED_PROXIES)
	})

	test('the pools of every service at their most replicas, and the PostgreSQL exporter, fit in the PostgreSQL connection budget', () => {
		const budget = Number(
			k8s.named('Namespace', 'licence-verify').metadata.annotations?.['licence-verify.example/postgres-connection-budget']
		)
		const mostReplicas = (deployment: K8sObject) =>
			k8s.ofKind('HorizontalPodAutoscaler').find((hpa) => hpa.spec?.scaleTargetRef?.name === deployment.metadata.name)?.spec?.maxReplicas ??
			deployment.spec?.replicas ??
			1
		const connections = k8s
			.serviceDeployments()
			.reduce(
				(sum, deployment) =>
					sum +
					mostReplicas(deployment) *
						(Number(k8s.environmentOf(mainContainer(deployment)).DATABASE_POOL_MAX) + extraConnections(deployment.metadata.name)),
				POSTGRES_EXPORTER_CONNECTIONS * mostReplicas(k8s.named('Deployment', 'postgres-exporter'))
			)
		expect(budget).toBeGreaterThan(0)
		expect(connections).toBeLessThanOrEqual(budget)
	})
})

describe('deploy/k8s-nats-tls (the same with TLS on NATS)', () => {
	test('every rendered object is valid, with no unknown field', async () => {
		expect(await schemaProblems(withNatsTls.objects)).toEqual([])
	})

	test('the NATS nodes mount their certificate and load the TLS settings their configuration includes', () => {
		const nats = withNatsTls.named('StatefulSet', 'nats')
		expect(JSON.stringify(podOf(nats).volumes)).toContain('"secretName":"nats-tls"')
		const config = withNatsTls.ofKind('ConfigMap').find((map) => map.metadata.name.startsWith('nats-config'))?.data ?? {}
		expect(config['nats.conf']).toContain('include "tls.conf"')
		expect(config['tls.conf']).toContain('cert_file: "/etc/nats/tls/tls.crt"')
	})

	test('every NATS-using service trusts the CA it mounts, and its config reader accepts the environment', async () => {
		expect(await configRefusals(withNatsTls)).toEqual([])
		for (const deployment of withNatsTls.serviceDeployments()) {
			const container = mainContainer(deployment)
			const usesNats = deployment.spec?.template?.metadata.labels['lv/nats-client'] === 'true'
			const caFile = withNatsTls.environmentOf(container).NATS_TLS_CA ?? ''
			const mounts = (container.volumeMounts ?? []).map((mount) => mount.mountPath)
			expect({ deployment: deployment.metadata.name, trusted: mounts.some((path) => caFile.startsWith(`${path}/`)) }).toEqual({
				deployment: deployment.metadata.name,
				trusted: usesNats
			})
		}
	})
})
