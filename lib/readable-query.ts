/**
 * A URL query (without "?") that keeps JSON punctuation readable in the address bar
 * (URLSearchParams escapes more than it must). Pure.
 */
export const readableQuery = (params: URLSearchParams) =>
  params.toString().replace(/%(2C|3A|5B|5D|7B|7D)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
