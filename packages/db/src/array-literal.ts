/**
 * A PostgreSQL array literal of distinct values (`{a,b}`), sent as one text parameter and cast in the
 * query (`= ANY (${literal}::uuid[])`). Only for values that need no quoting, such as uuids and event ids.
 */
export const arrayLiteral = (values: Iterable<string>): string => `{${[...new Set(values)].join(',')}}`
