export * from './delivery-endpoints.ts'
export * from './endpoint-listing.ts'
