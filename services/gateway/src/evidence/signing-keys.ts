import { type EvidenceKeyring, evidenceKeyring, parseJwks } from '@lv/evidence'
import type { GatewayConfig } from '../config.ts'

type KeyConfig = Pick<
	GatewayConfig,
	'EVIDENCE_SIGNING_KEY' | 'EVIDENCE_SIGNING_KEY_FILE' | 'EVIDENCE_PUBLIC_KEYS' | 'EVIDENCE_PUBLIC_KEYS_FILE'
>

async function valueOrFile(value: string, file: string, readFile: (path: string) => Promise<string>): Promise<string> {
	if (value !== '' && file !== '') throw new Error('set an evidence key in the environment or in a file, not both')
	return file === '' ? value : readFile(file)
}

/**
 * The evidence keyring from the environment or mounted files; null when no signing key is set
 * (evidence=true then answers 503). Errors name the variable, never its value.
 */
export async function loadEvidenceKeyring(
	config: KeyConfig,
	readFile = (path: string) => Bun.file(path).text()
): Promise<EvidenceKeyring | null> {
	const signing = await valueOrFile(config.EVIDENCE_SIGNING_KEY, config.EVIDENCE_SIGNING_KEY_FILE, readFile)
	if (signing.trim() === '') return null
	const [key, ...extra] = parseJwks(signing, 'EVIDENCE_SIGNING_KEY')
	if (!key || extra.length > 0) throw new Error('EVIDENCE_SIGNING_KEY must hold exactly one JWK')
	const retired = await valueOrFile(config.EVIDENCE_PUBLIC_KEYS, config.EVIDENCE_PUBLIC_KEYS_FILE, readFile)
	return evidenceKeyring(key, retired.trim() === '' ? [] : parseJwks(retired, 'EVIDENCE_PUBLIC_KEYS'))
}
