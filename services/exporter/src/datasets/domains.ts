import { type Column, col } from './columns.ts'

export const DOMAIN_COLUMNS: readonly Column[] = [
	col('id', 'text', 'domain link id (uuid)'),
	col('hostname', 'text', 'the host the register lists'),
	col('registrable_domain', 'text', 'its registrable domain (public suffix list, private section included)'),
	col('link_status', 'text', 'active, parked, expired, redirecting or delisted: the domain under this operator'),
	col('association', 'text', 'direct, white_label or empty'),
	col('jurisdiction_code', 'text', 'the register that lists the link'),
	col('operator_id', 'text', 'operator id (uuid)'),
	col('operator_slug', 'text', 'operator slug'),
	col('license_id', 'text', 'the licence the link is listed on, when known'),
	col('license_number', 'text', "that licence's number or service reference"),
	col('license_status', 'text', "that licence's status"),
	col('verification_url', 'text', "the regulator's own per-domain verification page (CW certificate, TGC seal)"),
	col('verification_page_status', 'text', 'what that page printed at the latest reading, verbatim'),
	col('verification_page_read_at', 'timestamp', 'when that reading was taken'),
	col('first_seen_at', 'timestamp', 'first read that listed the link'),
	col('last_listed_at', 'timestamp', 'last read that listed the link; empty once delisted'),
	col('source_url', 'text', "the register the link was read from (the licence's register, else the latest register read)"),
	col('status_source_url', 'text', 'the publication that published license_status'),
	col('status_observed_at', 'timestamp', 'latest read of status_source_url that still said license_status'),
	col('last_verified_at', 'timestamp', "the licence's last reconciliation against the register"),
	col('confidence_hint', 'text', 'authoritative (UKGC export) or scraped')
]
