/** PostgreSQL text cannot hold U+0000: an input holding it is malformed and never reaches a statement. */
export const holdsNul = (text: string) => text.includes('\u0000')
