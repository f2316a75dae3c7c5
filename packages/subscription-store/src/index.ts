export * from './delivery-endpoints.ts'
export * from './endpoint-listing.ts'
export * from './endpoint-delivery-state.ts'
