/** The router's query-string codec: the shop's own rules live in domain/url.ts. */
export { parseSearch, stringifySearch } from '../domain/url'
