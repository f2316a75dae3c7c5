/** Rewrites the generated files of deploy/ (see render.ts): `bun deploy/generate.ts`. */
import { join } from 'node:path'
import {
	KUBERNETES_NATS_LAYOUT,
	NOMAD_NATS_LAYOUT,
	parseReaderGroups,
	renderNatsConf,
	renderNomadReaderGroups,
	renderReaderDeployments
} from './render.ts'

export const DEPLOY_DIR = import.meta.dir

/** Each generated file, relative to deploy/, with the content it must have. */
export async function generatedFiles(): Promise<Record<string, string>> {
	const groups = parseReaderGroups(await Bun.file(join(DEPLOY_DIR, 'readers.txt')).text())
	return {
		'k8s/readers.yaml': renderReaderDeployments(groups),
		'k8s/nats.conf': renderNatsConf(KUBERNETES_NATS_LAYOUT),
		'nomad/readers.vars.hcl': renderNomadReaderGroups(groups),
		'nomad/nats.conf.tpl': renderNatsConf(NOMAD_NATS_LAYOUT)
	}
}

if (import.meta.main) {
	for (const [path, content] of Object.entries(await generatedFiles())) {
		await Bun.write(join(DEPLOY_DIR, path), content)
		console.log(`wrote deploy/${path}`)
	}
}
