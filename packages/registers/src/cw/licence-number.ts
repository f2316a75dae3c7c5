/** A CW licence number (`OGL/2024/251/0130`, also `OGL/2024/1161/044`), spaces tolerated around the slashes. */
export const OGL_NUMBER = /\bOGL\s*\/\s*\d{4}\s*\/\s*\d{1,5}\s*\/\s*\d{1,5}\b/g

/** Identity of a CW number: spaces removed, upper-cased. */
export function cwNumberKey(printed: string): string {
	return printed.replace(/\s+/g, '').toUpperCase()
}
