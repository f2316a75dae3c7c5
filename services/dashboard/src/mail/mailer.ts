import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import nodemailer from 'nodemailer'
import type { Clock } from '@lv/clock'

export type OutgoingMail = { to: string; subject: string; text: string }

/** Sends one mail; resolves once the server accepted it (or the file is written), rejects otherwise. */
export type Mailer = { send(mail: OutgoingMail): Promise<void> }

/**
 * DASHBOARD_MAIL_URL picks where mail goes: `smtp://` or `smtps://` (user and password in the URL
 * when the server wants them) through nodemailer's SMTP transport, or `file:///dir` for local use.
 */
export function createMailer(mailUrl: string, from: string, clock: Clock): Mailer {
	if (mailUrl.startsWith('file:')) return fileMailer(fileURLToPath(mailUrl), from, clock)
	// Bounded so a slow mail server gives the person an error page instead of a hanging form.
	const transport = nodemailer.createTransport({ url: mailUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 })
	return {
		async send(mail) {
			await transport.sendMail({ from, ...mail })
		}
	}
}

/**
 * Writes each mail as a plain RFC 5322 message (8-bit text, lines unwrapped) so the link in it
 * can be clicked straight from the file; for a local stack, never for real recipients.
 */
function fileMailer(dir: string, from: string, clock: Clock): Mailer {
	return {
		async send(mail) {
			const now = clock.now()
			const message = [
				`From: ${from}`,
				`To: ${mail.to}`,
				`Subject: ${mail.subject}`,
				`Date: ${now.toUTCString()}`,
				'Content-Type: text/plain; charset=utf-8',
				'',
				mail.text
			].join('\n')
			await mkdir(dir, { recursive: true })
			await writeFile(join(dir, `${now.toISOString().replace(/[:.]/g, '-')}-${crypto.randomUUID().slice(0, 8)}.eml`), message, {
				mode: 0o600
			})
		}
	}
}
