// Progressive enhancements only: every form works without this file.
document.addEventListener('submit', (event) => {
	const form = event.target
	if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) event.preventDefault()
})

document.addEventListener('click', async (event) => {
	const button = event.target instanceof Element ? event.target.closest('[data-copy-target]') : null
	if (!button) return
	const field = document.getElementById(button.getAttribute('data-copy-target') ?? '')
	if (!(field instanceof HTMLInputElement)) return
	field.select()
	let copied = false
	try {
		await navigator.clipboard.writeText(field.value)
		copied = true
	} catch {
		copied = document.execCommand('copy')
	}
	const label = button.textContent
	button.textContent = copied ? 'Copied' : 'Select and copy'
	setTimeout(() => {
		button.textContent = label
	}, 2000)
})

document.addEventListener('focusin', (event) => {
	if (event.target instanceof HTMLInputElement && event.target.hasAttribute('data-select-on-focus')) event.target.select()
})

// Bulk check: refuse a file over the upload limit before sending it, with the same sentence the server gives.
document.addEventListener('submit', (event) => {
	const form = event.target
	if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-bulk-form')) return
	const input = form.querySelector('input[type=file]')
	const error = document.getElementById('file-error')
	const maxBytes = Number(form.dataset.maxBytes)
	const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined
	if (!file || !error || file.size <= maxBytes) return
	event.preventDefault()
	error.textContent = `The file is too large: the limit is ${Math.round(maxBytes / 1024 / 1024)} MB. Split the list into smaller files; nothing was read.`
	error.hidden = false
	input?.focus()
})

// Bulk check: live progress without reloading; the whole page is reloaded once, when the job ends, to show the results.
const progressCard = document.querySelector('[data-progress-url]')
if (progressCard) {
	const url = `${location.pathname.replace(/\/$/, '')}/progress`
	const bar = progressCard.querySelector('progress')
	const field = (name) => progressCard.querySelector(`[data-field=${name}]`)
	const number = (value) => value.toLocaleString('en-GB')
	const left = (seconds) => (seconds === null ? '–' : seconds < 60 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`)
	const poll = async () => {
		try {
			const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
			// Signed out meanwhile (the poll was redirected to sign-in) or the job is gone: the page itself says so.
			if (response.redirected || response.status === 404) {
				location.reload()
				return
			}
			if (response.ok) {
				const progress = await response.json()
				if (bar) bar.value = progress.done
				field('done').textContent = number(progress.done)
				field('percent').textContent = String(progress.percent)
				field('rate').textContent = progress.perSecond === null ? '–' : `${number(Math.round(progress.perSecond))} domains/s`
				field('left').textContent = left(progress.secondsLeft)
				if (progress.state !== 'running') {
					location.reload()
					return
				}
			}
		} catch {
			// a failed poll is retried on the next tick
		}
		setTimeout(poll, 1000)
	}
	setTimeout(poll, 1000)
}
