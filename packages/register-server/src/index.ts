export {
	startRegisterServer,
	RATE_LIMIT_RETRY_AFTER_S,
	type RegisterServer,
	type RegisterServerOptions,
	type FaultKind
} from './server.ts'
export { FIXTURES_DIR, resolveFixture, routeKey } from './catalogue.ts'
export { generateUkgcRegister, random as seededRandom, UKGC_FILE_NAMES, type GeneratedUkgc } from './generate-ukgc.ts'
