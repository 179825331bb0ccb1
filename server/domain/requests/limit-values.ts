/**
 * The limits of docs/product.md#limits, apart from the rules that enforce them (./rules.ts, ./edits.ts, ./status.ts)
 * so the web client can import the numbers without the server's code: it disables "Ask for help" and "I'm working
 * on it" at a limit, with the reason, before the server would refuse.
 */
export const DAILY_REQUEST_LIMIT = 5
export const ACTIVE_REQUEST_LIMIT = 2
export const ACTIVE_RESPONSE_LIMIT = 2
