// Usage page: draws the daily tables as one uPlot chart (calls of each month by day of the month, and the
// later month's refusals). Without JavaScript, or if uPlot did not load, the figure stays hidden and the
// tables are the page.
const figure = document.querySelector('[data-usage-chart]')
const target = figure?.querySelector('[data-chart-target]')
const tables = [...document.querySelectorAll('table[data-usage-days]')]

if (figure instanceof HTMLElement && target instanceof HTMLElement && tables.length > 0 && typeof window.uPlot === 'function') {
	const DAYS = 31
	const columnOf = (table, field) => {
		const values = [...table.querySelectorAll('tbody tr')].map((row) => Number(row.getAttribute(`data-${field}`)))
		return Array.from({ length: DAYS }, (_, day) => (day < values.length ? values[day] : null))
	}
	const [later, ...earlier] = tables
	const colours = ['#1f5fbf', '#5b6675']
	const series = [
		{ label: 'Day' },
		...tables.map((table, index) => ({
			label: `${table.dataset.label} calls`,
			stroke: colours[index] ?? '#5b6675',
			width: 2,
			dash: index === 0 ? undefined : [6, 4],
			points: { show: false }
		})),
		{ label: `${later.dataset.label} refusals`, stroke: '#b42318', width: 2, points: { show: false } }
	]
	const data = [
		Array.from({ length: DAYS }, (_, day) => day + 1),
		...[later, ...earlier].map((table) => columnOf(table, 'calls')),
		columnOf(later, 'refusals')
	]
	figure.hidden = false
	const size = () => ({ width: Math.max(240, target.clientWidth), height: 260 })
	const plot = new window.uPlot(
		{
			...size(),
			scales: { x: { time: false } },
			series,
			axes: [
				{ label: 'Day of the month', stroke: '#1c2430' },
				{ label: 'Calls', stroke: '#1c2430', size: 60 }
			],
			legend: { live: false }
		},
		data,
		target
	)
	target.setAttribute('data-chart-drawn', '')
	let pending = 0
	window.addEventListener('resize', () => {
		cancelAnimationFrame(pending)
		pending = requestAnimationFrame(() => plot.setSize(size()))
	})
}
