import { PRODUCT_NAME } from '../pages/layout.ts'
import type { OutgoingMail } from './mailer.ts'

/** The mail with the link that finishes a sign-up. */
export const confirmSignUpMail = (to: string, link: string, validHours: number): OutgoingMail => ({
	to,
	subject: `Confirm your ${PRODUCT_NAME} account`,
	text: `Someone, hopefully you, asked to create a ${PRODUCT_NAME} account with this address.

To finish, open this link within ${validHours} hours:

${link}

If it was not you, ignore this mail: nothing is created until the link is opened.
`
})

/** What an already-registered address gets instead, so the sign-up page itself never tells. */
export const alreadyRegisteredMail = (to: string, signInLink: string): OutgoingMail => ({
	to,
	subject: `Your ${PRODUCT_NAME} account`,
	text: `Someone, hopefully you, tried to create a ${PRODUCT_NAME} account with this address, but it already has one.

Sign in here:

${signInLink}

If it was not you, you can ignore this mail: nothing has changed.
`
})
