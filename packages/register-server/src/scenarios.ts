/**
 * The registers as they read on each scenario day, derived from the committed fixtures by small
 * edits at serve time. Day 0 is the fixtures as committed. What happens, and when:
 *
 * | day | jurisdiction | change |
 * |---|---|---|
 * | 1 | UKGC | new licence `039011-R-319380-001` (Kestrel, Bingo) |
 * | 1 | UKGC | `000102-N-317976-010` re-issued as `-011` (same licence, new version) |
 * | 1 | UKGC | enforcement page: suspension of `039011-R-319371-004`, revocation of `039265-N-319416-009` (register still says Active) |
 * | 1 | UKGC | `047000-R-322000-003` missing from the licences file (back on day 2) |
 * | 1 | UKGC | domain `firstplaybingo.co.uk` no longer listed (delisted) |
 * | 1 | UKGC | trading name `KestrelBet` not printed (not listed; printed again on day 2) |
 * | 1 | IOM | Glenfaba Interactive's status reads `Cancelled` (-> revoked) |
 * | 1 | KH | the second snapshot: `lanternbingo.net` delisted, `Talon Peak Limited` gone |
 * | 2 | UKGC | `047000-R-322000-003` listed again |
 * | 2 | UKGC | `039265-A-319417-009` reads `Lapsed` (-> expired) |
 * | 2 | UKGC | `000102-N-000000-000` reads `Surrendered` |
 * | 2 | UKGC | `048801-R-325710-001` reads `Under Review` (unclassified -> unknown) |
 * | 2+ | UKGC | `039439-R-319330-012` gone for good (-> not_in_register once the grace window has passed, day 4) |
 * | 1 | CW | the certificate of `OGL/2024/251/0130` no longer lists `www.hrcasino-mirror3.io` |
 * | 2 | CW | the certificate of `OGL/2024/905/0702` reads "Not Active" (its domains removed) |
 * | 2 | CW | the certificate of `OGL/2024/921/0733` reads "cannot be found or the token has expired" |
 *
 * The committed CW register already lists a licence under assessment past its term, and the MGA
 * and CW enforcement fixtures already carry suspensions and revocations.
 */

type Edit = (text: string) => string

const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n')

const withoutRows =
	(needle: string): Edit =>
	(text) => {
		const eol = eolOf(text)
		return text
			.split(eol)
			.filter((line) => !line.includes(needle))
			.join(eol)
	}

const replaceInRows =
	(needle: string, from: string, to: string): Edit =>
	(text) => {
		const eol = eolOf(text)
		return text
			.split(eol)
			.map((line) => (line.includes(needle) ? line.replace(from, to) : line))
			.join(eol)
	}

const appendRow =
	(row: string): Edit =>
	(text) => {
		const eol = eolOf(text)
		const trimmed = text.endsWith(eol) ? text.slice(0, -eol.length) : text
		return `${trimmed}${eol}${row}${eol}`
	}

const replaceAll =
	(from: string, to: string): Edit =>
	(text) =>
		text.split(from).join(to)

const UKGC_LICENCES = 'ukgc/business-licence-register-licences.csv'
const UKGC_DOMAINS = 'ukgc/business-licence-register-domain-names.csv'
const UKGC_TRADING_NAMES = 'ukgc/business-licence-register-trading-names.csv'
const UKGC_ACTIONS = 'ukgc/regulatory-actions-print.html'
const IOM_PAGE = 'iom/online-gambling-licensee-register.html'

const ENFORCEMENT_ENTRIES = `<div class="gcweb-regulatory-action">
<h2 class="gcweb-heading-l">Kestrel Interactive Limited</h2>
<p class="gcweb-body">Account number: 39011</p>
<p class="gcweb-body">On 1 November 2026 the Commission suspended operating licence 039011-R-319371-004 under section 118(2) of the Gambling Act 2005 pending the outcome of a review into the licensee’s anti-money laundering controls.</p>
</div>

<div class="gcweb-regulatory-action">
<h2 class="gcweb-heading-l">Quayside Amusements Limited</h2>
<p class="gcweb-body">Account number: 39265</p>
<p class="gcweb-body">On 1 November 2026 the Commission revoked operating licence 039265-N-319416-009 under section 119(1) of the Gambling Act 2005 after the licensee failed to pay its annual fee.</p>
</div>

</main>`

/** Edits in force on a day, per fixture file; a step is `[first day, last day or null, edit]`. */
const STEPS: Record<string, [number, number | null, Edit][]> = {
	[UKGC_LICENCES]: [
		[1, null, appendRow('"039011","039011-R-319380-001","Active","Remote","Bingo","2026-11-02",""')],
		[1, null, replaceAll('000102-N-317976-010', '000102-N-317976-011')],
		[1, 1, withoutRows('047000-R-322000-003')],
		[2, null, replaceInRows('039265-A-319417-009', '"Active"', '"Lapsed"')],
		[2, null, replaceInRows('000102-N-000000-000', '"Pending"', '"Surrendered"')],
		[2, null, replaceInRows('048801-R-325710-001', '"Revoked - Non Payment of Fee"', '"Under Review"')],
		[2, null, withoutRows('039439-R-319330-012')]
	],
	[UKGC_DOMAINS]: [[1, null, withoutRows('firstplaybingo.co.uk')]],
	[UKGC_TRADING_NAMES]: [[1, 1, withoutRows('"KestrelBet"')]],
	'cw/certificates/token-130.html': [[1, null, withoutRows('www.hrcasino-mirror3.io')]],
	[UKGC_ACTIONS]: [[1, null, replaceAll('</main>', ENFORCEMENT_ENTRIES)]],
	[IOM_PAGE]: [
		[
			1,
			null,
			(text) => {
				const start = text.indexOf('Glenfaba Interactive Limited')
				const at = text.indexOf('<td>Active</td>', start)
				return start < 0 || at < 0 ? text : `${text.slice(0, at)}<td>Cancelled</td>${text.slice(at + '<td>Active</td>'.length)}`
			}
		]
	]
}

/** Whole-file substitutions from a day on (a later snapshot committed by the adapter's author). */
const SUBSTITUTES: Record<string, [number, string][]> = {
	'kh/permit-holders.html': [[1, 'kh/permit-holders-after-delisting.html']],
	'cw/certificates/token-702.html': [[2, 'cw/certificates/token-702-not-active.html']],
	'cw/certificates/token-733.html': [[2, 'cw/certificate-token-expired.html']]
}

/** The fixture file that stands for `file` on `day`. */
export function fileOnDay(file: string, day: number): string {
	const substitutes = SUBSTITUTES[file] ?? []
	let chosen = file
	for (const [from, other] of substitutes) if (day >= from) chosen = other
	return chosen
}

/** Whether `file` is edited as text on `day`. */
export function hasEdits(file: string, day: number): boolean {
	return (STEPS[file] ?? []).some(([from, to]) => day >= from && (to === null || day <= to))
}

/** Applies the day's edits to a fixture's text. */
export function editOnDay(file: string, day: number, text: string): string {
	let out = text
	for (const [from, to, edit] of STEPS[file] ?? []) if (day >= from && (to === null || day <= to)) out = edit(out)
	return out
}

/** A TGC seal for a domain the fixtures hold none for: the valid B2C page naming that domain. */
export function sealForDomain(text: string, domain: string): string {
	return text.replace(/(<th>Domain:<\/th><td>)[^<]+(<\/td>)/, `$1${domain}$2`)
}
