import { publish } from '@lv/bus'
import { RegistryChanged, registryChangedMsgId, subjects } from '@lv/contracts'
import type { TransactionSql } from '@lv/db'
import type { JurisdictionCode } from '@lv/registers'
import type { RunDeps } from './run.ts'

// Domain link writes outside a register run (certificate and verification page readings) and how the checker hears of them.

/**
 * Link changes are register data: the jurisdiction's data_version and link count move in the
 * transaction that writes them, so a batch stopped half-way leaves no change the version misses.
 */
export async function moveDataVersion(tx: TransactionSql, jurisdiction: JurisdictionCode): Promise<number> {
	const [row] = await tx<{ data_version: number }[]>`
		UPDATE register_status SET data_version = data_version + 1,
			domain_count = (SELECT count(*) FROM domain_links WHERE jurisdiction_code = ${jurisdiction} AND link_status <> 'delisted')
		WHERE jurisdiction_code = ${jurisdiction}
		RETURNING data_version`
	return Number(row?.data_version ?? 0)
}

/** Readers of the index are told once per batch; the checker's data_version poll covers an announcement lost here. */
export async function announceLinkChanges(
	deps: Pick<RunDeps, 'bus' | 'clock' | 'logger'>,
	jurisdiction: JurisdictionCode,
	dataVersion: number,
	batch: 'certificates' | 'verification pages'
): Promise<void> {
	if (!deps.bus) return
	const batchId = crypto.randomUUID()
	try {
		await publish(
			deps.bus,
			RegistryChanged,
			subjects.registryChanged(jurisdiction),
			{ id: batchId, sent_at: deps.clock.now().toISOString(), jurisdiction, run_id: batchId, data_version: dataVersion, changed: true },
			registryChangedMsgId(jurisdiction, batchId)
		)
	} catch (error) {
		deps.logger.warn(`registry.changed not announced after ${batch}`, { jurisdiction, error })
	}
}
