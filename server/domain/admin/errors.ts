/**
 * The server's words for the admin dashboard's calls (the users section and the request export). Pure values: the
 * web client builds its message table from them, so this file imports nothing that does not run in a browser.
 */
import { USER_NAME_MAX } from '../accounts/validation.ts'

/** The server's words for the dashboard's users section. */
export const ADMIN_USER_ERRORS = {
  searchTooLong: `Search for at most ${USER_NAME_MAX} characters: no user name is longer`,
  userNotFound: 'No such user',
  ownRole: 'You cannot change your own admin role',
} as const

/** A longer export is refused: a year (a leap year's 366 days) is the largest period the dashboard asks for. */
export const EXPORT_MAX_DAYS = 366

export const EXPORT_ERRORS = {
  datesRequired: 'Give both dates, from and to, as YYYY-MM-DD',
  invalidDate: 'Dates must be real calendar dates written as YYYY-MM-DD',
  fromAfterTo: 'The start date must not be after the end date',
  tooLong: `The period can be at most ${EXPORT_MAX_DAYS} days`,
} as const
