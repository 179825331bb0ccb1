import { USER_ERRORS, type UserErrorText } from './errors.ts'

/**
 * The rules of a user's push preferences (migration 00010), pure so that the web client checks with the same
 * functions before saving; the server checks again and the database's constraints hold the same limits. No imports
 * but the messages: the web bundle loads this file.
 */

export const HOURLY_CAP_MIN = 1
export const HOURLY_CAP_MAX = 30
export const HOURLY_CAP_DEFAULT = 6
/** The caps the settings offer; any whole number within the limits is accepted from API clients. */
export const HOURLY_CAP_CHOICES = [1, 2, 3, 4, 6, 10, 15, 20, 30] as const

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
