import type { ServiceStatus } from '../gateway/service-status.ts'
import { formatAgo, formatUtc } from './format.ts'
import { type SafeHtml, html } from './html.ts'
import { callout, publicPage } from './layout.ts'

type Register = ServiceStatus['registers'][number]
type Incident = ServiceStatus['incidents'][number]

const DAY_LABELS: Record<Register['timeline'][number]['state'], string> = {
	operational: 'no incident',
	read_failures: 'read failures',
	stale: 'past its freshness SLA'
}

const INCIDENT_LABELS: Record<Incident['kind'], string> = {
	read_failed: 'Read failed',
	coverage_degraded: 'Past its freshness SLA',
	coverage_restored: 'Fresh again'
}

function dayCell(day: Register['timeline'][number]): SafeHtml {
	const failures = day.read_failures > 0 ? ` (${day.read_failures} failed read${day.read_failures === 1 ? '' : 's'})` : ''
	const label = `${day.date}: ${DAY_LABELS[day.state]}${failures}`
	return html`<li class="day ${day.state}" title="${label}"><span class="visually-hidden">${label}</span></li>`
}

function registerRow(register: Register, now: Date): SafeHtml {
	const lastRead = register.last_successful_read_at === null ? null : new Date(register.last_successful_read_at)
	const counts = register.record_counts
	return html`<tr data-jurisdiction="${register.jurisdiction}">
<td><strong>${register.name}</strong><br><span class="muted mono">${register.jurisdiction}</span></td>
<td>${lastRead === null ? html`<span class="muted">never read</span>` : html`${formatUtc(lastRead)}<br><span class="muted">${formatAgo(lastRead, now)}</span>`}</td>
<td><span class="status ${register.fresh ? 'active' : 'stale'}">${register.fresh ? 'Fresh' : 'Stale'}</span><br><span class="muted">SLA ${register.sla_hours} h</span></td>
<td class="counts">${counts.licences.toLocaleString('en-GB')} licences<br><span class="muted">${counts.operators.toLocaleString('en-GB')} operators · ${counts.domains.toLocaleString('en-GB')} domains</span></td>
<td><ol class="timeline" aria-label="Last ${register.timeline.length} days, oldest first">${register.timeline.map(dayCell)}</ol></td>
</tr>`
}

function incidentList(status: ServiceStatus, names: Map<string, string>): SafeHtml {
	if (status.incidents.length === 0) return html`<p class="empty">No incident in the last ${status.incident_window_days} days.</p>`
	const more = status.incidents_in_window - status.incidents.length
	return html`<ul class="incidents">${status.incidents.map(
		(incident) =>
			html`<li class="incident ${incident.kind}"><span class="when mono">${formatUtc(new Date(incident.at))}</span> <strong>${names.get(incident.jurisdiction) ?? incident.jurisdiction}</strong>: ${INCIDENT_LABELS[incident.kind]}${incident.detail ? html` <span class="muted">(${incident.detail})</span>` : ''}</li>`
	)}</ul>${more > 0 ? html`<p class="hint">${more} older incidents of the window are not listed.</p>` : ''}`
}

/** What is wrong, in the order a visitor needs it: checks not answered, then the registers past their SLA. */
function degradedCallout(status: ServiceStatus) {
	const stale = status.registers.filter((register) => !register.fresh)
	const parts = [
		...(status.checks_available ? [] : ['checks cannot be answered right now (the API answers them with 503)']),
		...(stale.length === 0
			? []
			: [`${stale.map((register) => register.name).join(', ')} ${stale.length === 1 ? 'is' : 'are'} past the freshness SLA`])
	]
	return callout('warning', `Degraded: ${parts.join('; ')}.`)
}

/** The public status page: the gateway's `GET /v1/status`, or a notice when it could not be read. */
export function statusPage(status: ServiceStatus | null, now: Date): SafeHtml {
	if (status === null) {
		return publicPage(
			'Service status',
			html`<h1>Service status</h1>${callout('error', 'The service status could not be read right now. The API itself may be unavailable; try again in a minute.')}`
		)
	}
	const names = new Map(status.registers.map((register) => [register.jurisdiction, register.name]))
	const banner =
		status.status === 'operational'
			? callout('success', 'Checks are answered and all registers are within their freshness SLA.')
			: degradedCallout(status)
	return publicPage(
		'Service status',
		html`<h1>Service status</h1>
<div class="overall" data-status="${status.status}">${banner}</div>
<section class="card">
<h2>Registers</h2>
<p class="hint">A register is fresh while its last successful read is younger than its SLA. Each square is one UTC day, oldest on the left: <span class="legend day operational"></span> no incident, <span class="legend day read_failures"></span> a read failed (data held unchanged), <span class="legend day stale"></span> past its SLA.</p>
<div class="table-wrap"><table class="data status-table">
<thead><tr><th>Register</th><th>Last successful read</th><th>Freshness</th><th>Records</th><th>Last ${status.incident_window_days} days</th></tr></thead>
<tbody>${status.registers.map((register) => registerRow(register, now))}</tbody>
</table></div>
</section>
<section class="card">
<h2>Incidents, last ${status.incident_window_days} days</h2>
${incidentList(status, names)}
</section>
<p class="hint">As of ${formatUtc(new Date(status.generated_at))}. Also available as JSON: <code>GET /v1/status</code>.</p>`
	)
}
