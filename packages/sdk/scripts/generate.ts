import { SCHEMA_FILE, schemaTypes } from './openapi-source.ts'

await Bun.write(SCHEMA_FILE, await schemaTypes())
console.log(`wrote ${SCHEMA_FILE}`)
process.exit(0)
