/**
 * The server's words for suspensions and bans (docs/accounts.md, "Suspension and ban"). Pure values: the web
 * client maps them to its catalog keys (web/src/shared/api/server-error-texts.ts).
 */

/** The longest statement of reasons, in characters (as the database's check counts them). */
export const SUSPENSION_REASON_MAX = 500

export const SUSPENSION_ERRORS = {
  reason: `The reason must be 1-${SUSPENSION_REASON_MAX} characters`,
  self: 'You cannot suspend yourself',
  endInPast: 'A suspension must end in the future',
  notSuspended: 'This user is not suspended',
} as const
