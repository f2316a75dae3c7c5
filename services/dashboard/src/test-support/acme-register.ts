import type { Sql } from '@lv/db'
import { type LicenceFixture, type OperatorFixture, registerFactory } from '../../../checker/src/test-support/register-factory.ts'

/** One UKGC operator, Acme Gaming, with licence 000-012345-R-123456-002 and the site acmebet.co.uk, read an hour before `now`. */
export async function seedAcmeRegister(sql: Sql, now: Date): Promise<{ operator: OperatorFixture; licence: LicenceFixture }> {
	const make = registerFactory(sql, new Date(now.getTime() - 3_600_000))
	const operator = await make.operator('acme-gaming', 'Acme Gaming')
	const licence = await make.licence(operator, { license_number: '000-012345-R-123456-002' })
	await make.link(operator, 'acmebet.co.uk', licence)
	await make.finishAllRuns()
	return { operator, licence }
}
