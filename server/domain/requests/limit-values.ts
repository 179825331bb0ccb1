/**
 * The limits of docs/product.md#limits, apart from the rules that enforce them (./rules.ts, ./edits.ts, ./status.ts)
 * so the web client can import the numbers without the server's code: it disables "Ask for help" and "I'm working
 * on it" at a limit, with the reason, before the server would refuse.
 */
export const DAILY_REQUEST_LIMIT = 5
export const ACTIVE_REQUEST_LIMIT = 2
export const ACTIVE_RESPONSE_LIMIT = 2

/**
 * One move of a request (PUT /api/requests/{id}/location) per this many seconds per request: the owner corrects a
 * place now and then; a stream of moves is what probing a figure that depends on the place would take.
 */
export const MOVE_INTERVAL_SECONDS = 10

/**
 * The take-over budget (docs/product.md, "Take-over budget"): a response that its helper releases, or that the owner
 * removes, within LET_GO_WINDOW_MINUTES of the take-over is a let-go; after LET_GO_LIMIT let-gos in
 * LET_GO_PERIOD_HOURS (rolling) the helper cannot take a request over until the oldest of them is that old.
 */
export const LET_GO_WINDOW_MINUTES = 30
export const LET_GO_LIMIT = 3
export const LET_GO_PERIOD_HOURS = 24
