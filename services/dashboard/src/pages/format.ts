/** `12,345`: counts as the pages print them. */
export const formatCount = (value: number): string => value.toLocaleString('en-GB')

/** `2026-11-01 09:05 UTC`: one zone for everyone, so a time on the page matches the API's timestamps. */
export function formatUtc(instant: Date): string {
	return `${instant.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}

/** `just now`, `5 minutes ago`, `3 hours ago`, `12 days ago`: for the last-used indicator. */
export function formatAgo(instant: Date, now: Date): string {
	const seconds = Math.max(0, Math.floor((now.getTime() - instant.getTime()) / 1000))
	if (seconds < 60) return 'just now'
	const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'} ago`
	if (seconds < 3600) return unit(Math.floor(seconds / 60), 'minute')
	if (seconds < 86_400) return unit(Math.floor(seconds / 3600), 'hour')
	return unit(Math.floor(seconds / 86_400), 'day')
}
