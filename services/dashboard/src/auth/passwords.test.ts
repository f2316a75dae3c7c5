import { expect, test } from 'bun:test'
import { PASSWORD_HASH_COST, passwordHashing } from './passwords.ts'

test('without a cost given, a new hash is argon2id at 64 MiB and two passes, and checks only its own password', async () => {
	expect(PASSWORD_HASH_COST).toEqual({ memoryCost: 65_536, timeCost: 2 })
	const passwords = passwordHashing()
	const hash = await passwords.hash('correct horse battery staple')
	expect(hash).toStartWith('$argon2id$v=19$m=65536,t=2,p=1$')
	expect([
		await passwords.verify('correct horse battery staple', hash),
		await passwords.verify('correct horse battery stapler', hash)
	]).toEqual([true, false])
})

test('a hash made at another cost is checked at its own cost; an unknown address is checked against the decoy and refused', async () => {
	const cheap = passwordHashing({ memoryCost: 1_024, timeCost: 1 })
	const hash = await cheap.hash('correct horse battery staple')
	expect(hash).toStartWith('$argon2id$v=19$m=1024,t=1,p=1$')
	expect(await passwordHashing().verify('correct horse battery staple', hash)).toBe(true)
	expect(await cheap.verify('correct horse battery staple', 'not a hash')).toBe(false)
	expect(await cheap.verifyAgainstDecoy('correct horse battery staple')).toBe(false)
})
