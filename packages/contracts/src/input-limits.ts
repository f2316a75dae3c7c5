import { MAX_HOSTNAME_LENGTH } from '@lv/hostnames'

/**
 * The size limits of check input (SPEC), defined once: the gateway answers them before the
 * checker is asked, the checker (through @lv/verdict) applies them again.
 */
export const MAX_DOMAIN_LENGTH = MAX_HOSTNAME_LENGTH
export const MAX_LICENSE_NUMBER_LENGTH = 64
export const MAX_AS_OF_LENGTH = 40
export const MAX_BATCH_DOMAINS = 100
