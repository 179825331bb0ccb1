import { USER_ERRORS, type UserErrorText } from './errors.ts'

/**
 * The rules of a user's push preferences (migration 00010), pure so that the web client checks with the same
 * functions before saving; the server checks again and the database's constraints hold the same limits. No imports
 * but the messages: the web bundle loads this file.
 */

import { HOURLY_CAP_MAX, HOURLY_CAP_MIN } from './push-preference-limits.ts'

export { HOURLY_CAP_CHOICES, HOURLY_CAP_DEFAULT, HOURLY_CAP_MAX, HOURLY_CAP_MIN } from './push-preference-limits.ts'

/** A Helsinki wall-clock time as the API carries it, 24-hour "HH:MM" (what an <input type="time"> gives). */
const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/

export function quietHoursProblem(start: string | null, end: string | null): UserErrorText | null {
  if (start === null && end === null) return null
  if (start === null || end === null) return USER_ERRORS.quietHoursBoth
  if (!TIME.test(start) || !TIME.test(end)) return USER_ERRORS.quietHoursFormat
  if (start === end) return USER_ERRORS.quietHoursSame
  return null
}

export function hourlyCapProblem(cap: number): UserErrorText | null {
  if (!Number.isInteger(cap) || cap < HOURLY_CAP_MIN || cap > HOURLY_CAP_MAX) return USER_ERRORS.hourlyCapRange
  return null
}
