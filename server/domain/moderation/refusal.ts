/**
 * The words of a refused login, refresh or action of a suspended or banned account (docs/accounts.md, "Suspension
 * and ban"). Pure values and functions: the web app reads the same module to find the date and the reason in the
 * server's message and show them in the user's language (web/src/features/account/suspension/).
 *
 * The date is the end of the suspension as an ISO 8601 instant in UTC to the second ("2026-12-08T10:00:00Z"): one
 * unambiguous form for API clients, which the app shows as a Helsinki local date and time.
 */

const SUSPENDED = 'Account suspended until '
const BANNED = 'Account banned: '

/** The message of a 403 for a suspension in force: `until` null means a ban. */
export function refusalMessage(until: Date | null, reason: string): string {
  return until === null ? `${BANNED}${reason}` : `${SUSPENDED}${isoSecond(until)}: ${reason}`
}

function isoSecond(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** What a refusal says: until when (null: banned) and why. */
export interface Refusal {
  until: Date | null
  reason: string
}

const SUSPENDED_PATTERN = /^Account suspended until (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z): ([\s\S]+)$/

/** The refusal in a server message, or null when the message is something else. */
export function parseRefusal(message: string): Refusal | null {
  if (message.startsWith(BANNED) && message.length > BANNED.length)
    return { until: null, reason: message.slice(BANNED.length) }
  const match = SUSPENDED_PATTERN.exec(message)
  if (!match) return null
  const until = new Date(match[1]!)
  return Number.isNaN(until.getTime()) ? null : { until, reason: match[2]! }
}
