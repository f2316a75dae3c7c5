import { nameKey } from '@lv/names'
import type { ParsedEntity } from '../types.ts'

/**
 * The entity of a printed name for registers that print no company number (KH, TGC): keyed by
 * the name's slug, made on first sight; two spellings that read as one entity are a warning.
 */
export function entityByName(
	builder: { entities: Map<string, ParsedEntity>; warnings: string[] },
	name: string,
	sourceIndex: number
): ParsedEntity {
	const key = nameKey(name, 'slug')
	const known = builder.entities.get(key)
	if (known) {
		if (known.legalName !== name) builder.warnings.push(`"${name}" and "${known.legalName}" read as one entity (${key})`)
		return known
	}
	const entity: ParsedEntity = { upstreamId: key, legalName: name, country: null, tradingNames: [], sourceIndex }
	builder.entities.set(key, entity)
	return entity
}
