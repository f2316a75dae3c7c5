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
