import type { TransactionSql } from '@lv/db'
import { activeTraceparent } from '@lv/tracing'
import type { LicenceRow, Plan } from '../reconcile/types.ts'
import { applyLinks, type LinkChanges } from './apply-links.ts'

/** Rows per statement: each batch goes to PostgreSQL as one jsonb array expanded with jsonb_to_recordset. */
const BATCH = 5_000

function batches<T>(rows: readonly T[]): T[][] {
	const out: T[][] = []
	for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH))
	return out
}

const json = (rows: unknown) => JSON.stringify(rows)

/**
 * Writes a reconciliation plan with set-based statements (a few per table, whatever the row
 * count), inside the caller's transaction. Returns what the link comparison changed.
 */
export async function applyPlan(
	tx: TransactionSql,
	plan: Plan,
	jurisdiction: string,
	now: Date,
	timings?: Record<string, number>
): Promise<{ links: LinkChanges }> {
	const step = stepTimer(timings)
	const write: Write = { tx, plan, jurisdiction, now }
	await writeOperators(write, step)
	await writeLicences(write, step)
	await writeNumberVersions(write, step)
	await writeHistory(write, step)
	const links = plan.links ? await applyLinks(tx, plan.links, jurisdiction, now, step) : NO_LINK_CHANGES
	await writeActions(write, step)
	await writeOutbox(write, step)
	return { links }
}

/** What every writer of a plan needs: the transaction, the plan, and the run's jurisdiction and time. */
type Write = { tx: TransactionSql; plan: Plan; jurisdiction: string; now: Date }

type Step = (name: string) => void

/** Adds the time since the previous step to `timings[name]` (nothing when no timings are kept). */
function stepTimer(timings: Record<string, number> | undefined): Step {
	let mark = performance.now()
	return (name) => {
		if (!timings) return
		const at = performance.now()
		timings[name] = (timings[name] ?? 0) + Math.round(at - mark)
		mark = at
	}
}

/** Operators, their registrations in this jurisdiction and their trading names. */
async function writeOperators({ tx, plan, jurisdiction, now }: Write, step: Step): Promise<void> {
	for (const batch of batches(plan.operatorsToInsert)) {
		const rows = batch.map((o) => ({
			id: o.id,
			slug: o.slug,
			display_name: o.displayName,
			registered_name: o.registeredName,
			country: o.country,
			upstream_ids: o.upstreamIds
		}))
		await tx`
			INSERT INTO operators (id, slug, display_name, registered_name, country, upstream_ids, created_at, updated_at)
			SELECT x.id, x.slug, x.display_name, x.registered_name, x.country, x.upstream_ids, ${now}, ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(id uuid, slug text, display_name text, registered_name text, country text, upstream_ids jsonb)`
	}
	step('operators')
	for (const batch of batches(plan.operatorsToUpdate)) {
		const rows = batch.map((o) => ({ id: o.id, display_name: o.displayName, registered_name: o.registeredName, country: o.country }))
		await tx`
			UPDATE operators o SET display_name = x.display_name, registered_name = x.registered_name, country = x.country, updated_at = ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(id uuid, display_name text, registered_name text, country text)
			WHERE o.id = x.id`
	}
	step('operators')
	for (const batch of batches(plan.registrations)) {
		const rows = batch.map((r) => ({ upstream_id: r.upstreamId, operator_id: r.operatorId, legal_name: r.legalName }))
		await tx`
			INSERT INTO operator_registrations (jurisdiction_code, upstream_id, operator_id, legal_name, first_seen_at, last_seen_at)
			SELECT ${jurisdiction}, x.upstream_id, x.operator_id, x.legal_name, ${now}, ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(upstream_id text, operator_id uuid, legal_name text)
			ON CONFLICT (jurisdiction_code, upstream_id) DO UPDATE SET legal_name = excluded.legal_name, last_seen_at = excluded.last_seen_at`
	}
	step('registrations')
	if (plan.listedEntityIds.length > 0) {
		await tx`
			UPDATE operator_registrations r SET last_seen_at = ${now}
			FROM unnest(${plan.listedEntityIds}::text[]) AS x(upstream_id)
			WHERE r.jurisdiction_code = ${jurisdiction} AND r.upstream_id = x.upstream_id AND r.last_seen_at <> ${now}`
	}
	step('registrations')
	await writeTradingNames({ tx, plan, jurisdiction, now })
	step('trading_names')
}

/**
 * Trading names printed (new, restated or printed again: listed from now), those no longer printed
 * (kept, not listed since now), then the read's stamp on every name still listed.
 */
async function writeTradingNames({ tx, plan, jurisdiction, now }: Write): Promise<void> {
	for (const batch of batches(plan.tradingNames)) {
		const rows = batch.map((t) => ({ id: t.id, operator_id: t.operatorId, name: t.name, status: t.status }))
		await tx`
			INSERT INTO trading_names (id, operator_id, jurisdiction_code, name, status, first_seen_at, last_seen_at, not_listed_since)
			SELECT x.id, x.operator_id, ${jurisdiction}, x.name, x.status, ${now}, ${now}, NULL
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(id uuid, operator_id uuid, name text, status text)
			ON CONFLICT (operator_id, jurisdiction_code, name) DO UPDATE
				SET status = excluded.status, last_seen_at = excluded.last_seen_at, not_listed_since = NULL`
	}
	for (const batch of batches(plan.tradingNamesNotListed)) {
		const rows = batch.map((t) => ({ operator_id: t.operatorId, name: t.name }))
		await tx`
			UPDATE trading_names t SET not_listed_since = ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(operator_id uuid, name text)
			WHERE t.jurisdiction_code = ${jurisdiction} AND t.operator_id = x.operator_id AND t.name = x.name AND t.not_listed_since IS NULL`
	}
	// Every name still listed was printed by this read (the others were marked above).
	await tx`
		UPDATE trading_names SET last_seen_at = ${now}
		WHERE jurisdiction_code = ${jurisdiction} AND not_listed_since IS NULL AND last_seen_at <> ${now}`
}

/** Licences inserted and rewritten, and the stamps of those only seen again (or missed again). */
async function writeLicences({ tx, plan, jurisdiction, now }: Write, step: Step): Promise<void> {
	for (const batch of batches(plan.licencesToInsert)) {
		await tx`
			INSERT INTO licenses (id, operator_id, jurisdiction_code, upstream_key, license_number, license_number_key, license_reference_is_ours,
				status, status_qualifier, upstream_status, license_types, license_type_raw, license_category, issued_date, expiry_date,
				covers_websites, not_listed_since, missed_reads, last_verified_at, last_listed_at, source_url, status_source_url,
				status_observed_at, raw_data, first_observed_at, created_at, updated_at)
			SELECT x.id, x.operator_id, ${jurisdiction}, x.upstream_key, x.license_number, x.license_number_key, x.license_reference_is_ours,
				x.status, x.status_qualifier, x.upstream_status, x.license_types, x.license_type_raw, x.license_category, x.issued_date, x.expiry_date,
				x.covers_websites, x.not_listed_since, x.missed_reads, x.last_verified_at, x.last_listed_at, x.source_url, x.status_source_url,
				x.status_observed_at, x.raw_data, x.first_observed_at, ${now}, ${now}
			FROM jsonb_to_recordset(${json(batch.map(licenceRecord))}::text::jsonb) AS x(${tx.unsafe(LICENCE_COLUMNS)})`
	}
	step('licences_insert')
	for (const batch of batches(plan.licencesToUpdate)) {
		await tx`
			UPDATE licenses l SET operator_id = x.operator_id, license_number = x.license_number, license_number_key = x.license_number_key,
				license_reference_is_ours = x.license_reference_is_ours, status = x.status, status_qualifier = x.status_qualifier,
				upstream_status = x.upstream_status, license_types = x.license_types, license_type_raw = x.license_type_raw,
				license_category = x.license_category, issued_date = x.issued_date, expiry_date = x.expiry_date, covers_websites = x.covers_websites,
				not_listed_since = x.not_listed_since, missed_reads = x.missed_reads, last_verified_at = x.last_verified_at,
				last_listed_at = x.last_listed_at, source_url = x.source_url, status_source_url = x.status_source_url,
				status_observed_at = x.status_observed_at, raw_data = x.raw_data, updated_at = ${now}
			FROM jsonb_to_recordset(${json(batch.map(licenceRecord))}::text::jsonb) AS x(${tx.unsafe(LICENCE_COLUMNS)})
			WHERE l.id = x.id`
	}
	step('licences_update')
	if (plan.touchedListed.length > 0) {
		await tx`
			UPDATE licenses l SET last_verified_at = ${now}, last_listed_at = ${now}, status_observed_at = ${now}
			FROM unnest(${plan.touchedListed}::uuid[]) AS x(id) WHERE l.id = x.id`
	}
	step('licences_stamp')
	if (plan.touchedUnlisted.length > 0) {
		await tx`
			UPDATE licenses l SET last_verified_at = ${now}, status_observed_at = ${now}, missed_reads = l.missed_reads + 1
			FROM unnest(${plan.touchedUnlisted}::uuid[]) AS x(id) WHERE l.id = x.id`
	}
	step('licences_stamp')
}

/** Licence numbers first seen, and the numbers they supersede. */
async function writeNumberVersions({ tx, plan, now }: Write, step: Step): Promise<void> {
	for (const batch of batches(plan.numberVersions)) {
		const rows = batch.map((v) => ({ license_id: v.licenseId, license_number: v.licenseNumber, license_number_key: v.licenseNumberKey }))
		await tx`
			INSERT INTO license_number_versions (license_id, license_number, license_number_key, first_seen_at)
			SELECT x.license_id, x.license_number, x.license_number_key, ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(license_id uuid, license_number text, license_number_key text)
			ON CONFLICT (license_id, license_number_key) DO UPDATE SET superseded_at = NULL`
	}
	step('number_versions')
	for (const batch of batches(plan.supersededFor)) {
		const rows = batch.map((v) => ({ license_id: v.licenseId, license_number_key: v.licenseNumberKey }))
		await tx`
			UPDATE license_number_versions v SET superseded_at = ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(license_id uuid, license_number_key text)
			WHERE v.license_id = x.license_id AND v.license_number_key <> x.license_number_key AND v.superseded_at IS NULL`
	}
	step('number_versions')
}

/** The licence history rows of the plan. */
async function writeHistory({ tx, plan }: Write, step: Step): Promise<void> {
	for (const batch of batches(plan.history)) {
		const rows = batch.map((h) => ({
			id: h.id,
			license_id: h.licenseId,
			changed_at: h.changedAt,
			previous_status: h.previousStatus,
			new_status: h.newStatus,
			change_type: h.changeType,
			source_url: h.sourceUrl,
			detected_by: h.detectedBy,
			note: h.note,
			snapshot_sha256: h.snapshotSha256,
			snapshot_fetched_at: h.snapshotFetchedAt,
			register_read_id: h.registerReadId,
			event_id: h.eventId
		}))
		await tx`
			INSERT INTO license_history (id, license_id, changed_at, previous_status, new_status, change_type, source_url, detected_by, note,
				snapshot_sha256, snapshot_fetched_at, register_read_id, event_id)
			SELECT x.id, x.license_id, x.changed_at, x.previous_status, x.new_status, x.change_type, x.source_url, x.detected_by, x.note,
				x.snapshot_sha256, x.snapshot_fetched_at, x.register_read_id, x.event_id
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(id uuid, license_id uuid, changed_at timestamptz, previous_status text, new_status text,
				change_type text, source_url text, detected_by text, note text, snapshot_sha256 text, snapshot_fetched_at timestamptz,
				register_read_id uuid, event_id text)`
	}
	step('history')
}

/** Regulatory actions first seen. */
async function writeActions({ tx, plan, jurisdiction, now }: Write, step: Step): Promise<void> {
	for (const batch of batches(plan.actionsToInsert)) {
		const rows = batch.map((a) => ({
			id: a.id,
			upstream_key: a.upstreamKey,
			operator_id: a.operatorId,
			license_id: a.licenseId,
			entity_name: a.entityName,
			action_type: a.actionType,
			amount_minor_units: a.amountMinorUnits,
			currency: a.currency,
			decision_date: a.decisionDate,
			summary: a.summary,
			source_url: a.sourceUrl,
			snapshot_sha256: a.snapshotSha256,
			license_numbers: a.licenseNumbers,
			status_effect: a.statusEffect
		}))
		await tx`
			INSERT INTO regulatory_actions (id, jurisdiction_code, upstream_key, operator_id, license_id, entity_name, action_type, amount_minor_units,
				currency, decision_date, summary, source_url, snapshot_sha256, license_numbers, status_effect, first_seen_at)
			SELECT x.id, ${jurisdiction}, x.upstream_key, x.operator_id, x.license_id, x.entity_name, x.action_type, x.amount_minor_units,
				x.currency, x.decision_date, x.summary, x.source_url, x.snapshot_sha256, x.license_numbers, x.status_effect, ${now}
			FROM jsonb_to_recordset(${json(rows)}::text::jsonb) AS x(id uuid, upstream_key text, operator_id uuid, license_id uuid, entity_name text,
				action_type text, amount_minor_units bigint, currency text, decision_date date, summary text, source_url text,
				snapshot_sha256 text, license_numbers text[], status_effect text)`
	}
	step('actions')
}

/** The events the plan announces, in order, carrying the run's trace context. */
async function writeOutbox({ tx, plan, now }: Write, step: Step): Promise<void> {
	const traceContext = activeTraceparent()
	for (const batch of batches(plan.outbox)) {
		await tx`
			INSERT INTO outbox (event_id, event_name, payload, created_at, trace_context)
			SELECT x.event_id, x.event_name, x.payload::jsonb, ${now}, ${traceContext}
			FROM unnest(${batch.map((e) => e.eventId)}::text[], ${batch.map((e) => e.eventName)}::text[], ${batch.map((e) => JSON.stringify(e.payload))}::text[])
				WITH ORDINALITY AS x(event_id, event_name, payload, n)
			ORDER BY x.n`
	}
	step('outbox')
}

const NO_LINK_CHANGES: LinkChanges = { inserted: 0, updated: 0, delisted: 0 }

const LICENCE_COLUMNS = `id uuid, operator_id uuid, upstream_key text, license_number text, license_number_key text, license_reference_is_ours boolean,
	status text, status_qualifier text, upstream_status text, license_types text[], license_type_raw text, license_category text,
	issued_date date, expiry_date date, covers_websites boolean, not_listed_since timestamptz, missed_reads integer,
	last_verified_at timestamptz, last_listed_at timestamptz, source_url text, status_source_url text, status_observed_at timestamptz,
	raw_data jsonb, first_observed_at timestamptz`

function licenceRecord(row: LicenceRow) {
	return {
		id: row.id,
		operator_id: row.operatorId,
		upstream_key: row.upstreamKey,
		license_number: row.licenseNumber,
		license_number_key: row.licenseNumberKey,
		license_reference_is_ours: row.licenseReferenceIsOurs,
		status: row.status,
		status_qualifier: row.statusQualifier,
		upstream_status: row.upstreamStatus,
		license_types: row.licenseTypes,
		license_type_raw: row.licenseTypeRaw,
		license_category: row.licenseCategory,
		issued_date: row.issuedDate,
		expiry_date: row.expiryDate,
		covers_websites: row.coversWebsites,
		not_listed_since: row.notListedSince,
		missed_reads: row.missedReads,
		last_verified_at: row.lastVerifiedAt,
		last_listed_at: row.lastListedAt,
		source_url: row.sourceUrl,
		status_source_url: row.statusSourceUrl,
		status_observed_at: row.statusObservedAt,
		raw_data: row.rawData,
		first_observed_at: row.firstObservedAt
	}
}
