import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib'
import type { EvidenceCheck, EvidenceLicence, EvidenceRecord } from './record.ts'

export type ReportLinks = { verifyUrl: string; jwksUrl: string; kid: string }

const PAGE = { width: 595.28, height: 841.89 } // A4 in points
const MARGIN = 50
const TEXT_WIDTH = PAGE.width - 2 * MARGIN
const GREY = rgb(0.35, 0.35, 0.35)

const ASCII_FOR: Record<string, string> = {
	'\u2018': "'",
	'\u2019': "'",
	'\u201c': '"',
	'\u201d': '"',
	'\u2013': '-',
	'\u2014': '-',
	'\u2026': '...',
	'\u00a0': ' '
}

/** The standard fonts draw WinAnsi only: common punctuation becomes ASCII, anything else outside Latin-1 a '?'. */
const printable = (text: string): string =>
	text
		.normalize('NFC')
		.replace(/[\u2018\u2019\u201c\u201d\u2013\u2014\u2026\u00a0]/g, (char) => ASCII_FOR[char] ?? '?')
		.replace(/[^\x20-\x7e\xa1-\xff]/g, '?')

/** Lines of at most `width` points, broken at spaces (a word longer than the line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
	const lines: string[] = []
	let line = ''
	for (const word of printable(text).split(/\s+/).filter(Boolean)) {
		const candidate = line === '' ? word : `${line} ${word}`
		if (font.widthOfTextAtSize(candidate, size) <= width) {
			line = candidate
			continue
		}
		if (line !== '') lines.push(line)
		line = word
		while (font.widthOfTextAtSize(line, size) > width) {
			let cut = line.length - 1
			while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
			lines.push(line.slice(0, cut))
			line = line.slice(cut)
		}
	}
	if (line !== '') lines.push(line)
	return lines
}

/** A cursor writing lines down the pages, starting a new page when one is full. */
function writer(document: PDFDocument, regular: PDFFont, bold: PDFFont) {
	let page: PDFPage = document.addPage([PAGE.width, PAGE.height])
	let y = PAGE.height - MARGIN
	const room = (height: number) => {
		if (y - height >= MARGIN) return
		page = document.addPage([PAGE.width, PAGE.height])
		y = PAGE.height - MARGIN
	}
	return {
		text(text: string, options: { size?: number; bold?: boolean; grey?: boolean; indent?: number } = {}) {
			const size = options.size ?? 10
			const font = options.bold ? bold : regular
			for (const line of wrap(text, font, size, TEXT_WIDTH - (options.indent ?? 0))) {
				room(size * 1.25)
				page.drawText(line, { x: MARGIN + (options.indent ?? 0), y: y - size, size, font, color: options.grey ? GREY : rgb(0, 0, 0) })
				y -= size * 1.25
			}
		},
		gap(points = 8) {
			y -= points
		}
	}
}

type Writer = ReturnType<typeof writer>

/** SPEC: these registers publish no licence number; the service's reference must never be shown as one. */
const REFERENCE_JURISDICTIONS = ['KH', 'TGC', 'IOM']

/** The licence as a report may name it: a regulator's number, or the service's reference said to be one. */
function licenceName(licence: EvidenceLicence): string {
	if (licence.license_number === null) return 'without number'
	const ours = licence.license_reference_is_ours ?? REFERENCE_JURISDICTIONS.includes(licence.jurisdiction ?? '')
	return ours ? `with service reference ${licence.license_number} (not a regulator number)` : licence.license_number
}

/** A null status is not the status `unknown` (which the register printed): it says no licence status was given. */
const statusText = (status: string | null | undefined, qualifier?: string | null) =>
	status ? `status ${status}${qualifier ? ` (${qualifier})` : ''}` : 'no licence status'

const licenceLine = (check: EvidenceCheck) =>
	check.licence
		? `, licence ${licenceName(check.licence)} (${check.licence.regulator_name ?? check.licence.jurisdiction ?? 'unknown regulator'})`
		: ''

function writeCheck(out: Writer, check: EvidenceCheck) {
	out.text(
		Object.entries(check.query)
			.map(([name, value]) => `${name}: ${String(value)}`)
			.join(', '),
		{ size: 12, bold: true }
	)
	out.text(`Verdict: ${check.verdict}`, { size: 12, bold: true })
	out.text(check.verdict_detail)
	if (check.licence) {
		const licence = check.licence
		const expiry = licence.expires_at ? `, expires ${licence.expires_at}` : ''
		out.text(
			`Licence ${licenceName(licence)} held by ${licence.operator}, ${statusText(licence.status, licence.status_qualifier)}${expiry}`,
			{
				indent: 10
			}
		)
		if (licence.upstream_status) out.text(`Register's words: ${licence.upstream_status}`, { indent: 10 })
		out.text(`Regulator: ${licence.regulator_name ?? licence.jurisdiction ?? 'unknown'}`, { indent: 10 })
	}
	if (check.domain_link)
		out.text(`Domain: ${check.domain_link.matched_domain}, listing ${check.domain_link.domain_status ?? 'unknown'}`, { indent: 10 })
	if (check.as_of) out.text(`As of ${check.as_of.resolved_at}: ${statusText(check.as_of.status)} (${check.as_of.basis})`, { indent: 10 })
}

/**
 * A one-to-two page report of a signed check record: the verdict and its plain-English detail,
 * the licence and regulator, each register read with its time and SHA-256, and where to verify.
 */
export async function evidenceReportPdf(record: EvidenceRecord, links: ReportLinks): Promise<Uint8Array> {
	const document = await PDFDocument.create()
	document.setTitle(`Check record ${record.id}`)
	document.setCreationDate(new Date(record.checked_at))
	document.setModificationDate(new Date(record.checked_at))
	const out = writer(document, await document.embedFont(StandardFonts.Helvetica), await document.embedFont(StandardFonts.HelveticaBold))
	out.text('Licence check record', { size: 18, bold: true })
	out.text(`Record ${record.id} - checked ${record.checked_at} (UTC)`, { grey: true })
	out.gap()
	if (record.checks.length === 1) writeCheck(out, record.checks[0] as EvidenceCheck)
	else {
		// A batch (up to 100 rows) stays within two pages: one line per row; each row's detail is in the signed record.
		out.text(`${record.checks.length} domains checked`, { size: 12, bold: true })
		for (const check of record.checks)
			out.text(`${String(check.query.domain ?? check.query.input)}: ${check.verdict}${licenceLine(check)}`, { size: 8 })
	}
	out.gap()
	out.text('Register publications this answer rests on', { size: 12, bold: true })
	if (record.publications.length === 0) out.text('No register read is recorded for the consulted registers.')
	for (const publication of record.publications) {
		out.text(`${publication.jurisdiction} ${publication.publication}, read ${publication.read_at}: ${publication.source_url}`, { size: 8 })
		out.text(`SHA-256 ${publication.sha256}`, { indent: 10, size: 7 })
	}
	out.gap()
	out.text('Verify', { size: 12, bold: true })
	out.text(
		`This record is signed (EdDSA, key ${links.kid}). Verify it at ${links.verifyUrl} or offline against the public keys at ${links.jwksUrl}.`
	)
	out.text('Each SHA-256 above identifies the exact bytes of the register as read; they can be downloaded and hashed to compare.', {
		grey: true
	})
	return document.save()
}
