import { SMTPServer } from 'smtp-server'

/** One message as the receiver got it: envelope recipients, the headers tests read, the decoded text body. */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string; raw: string }

export type SmtpReceiver = {
	/** `smtp://127.0.0.1:<port>`, what a service's mail URL points at. */
	url: string
	mails: ReceivedMail[]
	/** Every mail delivered to this address, oldest first. */
	mailsTo(address: string): ReceivedMail[]
	stop(): Promise<void>
}

/**
 * A real SMTP server on a free loopback port (no TLS, no auth) that keeps what it receives. A
 * mail is stored before the server answers 250, so when the sender's `send` resolves it is here.
 */
export async function startSmtpReceiver(): Promise<SmtpReceiver> {
	const mails: ReceivedMail[] = []
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		// A client that has not said QUIT is cut off after this long when the receiver stops (the default waits 30 s).
		closeTimeout: 500,
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				const raw = Buffer.concat(chunks).toString('utf8')
				mails.push({ ...parseMail(raw), to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()), raw })
				callback()
			})
		}
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const address = server.server.address()
	const port = typeof address === 'object' && address !== null ? address.port : 0
	return {
		url: `smtp://127.0.0.1:${port}`,
		mails,
		mailsTo: (to) => mails.filter((mail) => mail.to.includes(to.toLowerCase())),
		// Bounded: a close that never calls back must not hold a test file's teardown (once seen in a CI run,
		// every dashboard route file's afterAll timing out at 60 s; the cause was not pinned down).
		stop: () => Promise.race([new Promise<void>((resolve) => server.close(() => resolve())), Bun.sleep(1_000)])
	}
}

/** Enough of RFC 5322 and MIME for the single-part text mails services send. */
function parseMail(raw: string): { from: string; subject: string; text: string } {
	const normalised = raw.replace(/\r\n/g, '\n')
	const split = normalised.indexOf('\n\n')
	const head = (split < 0 ? normalised : normalised.slice(0, split)).replace(/\n[ \t]+/g, ' ')
	const body = split < 0 ? '' : normalised.slice(split + 2)
	const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? ''
	const encoding = header('Content-Transfer-Encoding').toLowerCase()
	const text =
		encoding === 'quoted-printable'
			? Buffer.from(
					body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
					'latin1'
				).toString('utf8')
			: encoding === 'base64'
				? Buffer.from(body, 'base64').toString('utf8')
				: body
	return { from: header('From'), subject: header('Subject'), text }
}
