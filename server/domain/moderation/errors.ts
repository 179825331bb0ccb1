/**
 * The server's words for reports and moderation decisions (docs/admin.md, "Moderation"). Pure values: the web client
 * maps them to its catalog keys (web/src/shared/api/server-error-texts.ts). The limits in them are rules.ts's.
 */

/** A user's report about someone on a request. */
export const REPORT_ERRORS = {
  invalidAbout: 'Report the owner or the responder of the request',
  invalidReason: 'Choose a reason: harassment, unsafe, no_show, fake, spam or other',
  detailsLength: 'Details can be at most 500 characters',
  yourself: 'You cannot report yourself',
  ownerOnly: 'Only the owner of the request or an admin can report its helper',
  noCurrentHelper: 'Nobody has helped with this request',
  alreadyReported: 'You have already reported this person on this request',
  dailyLimit: 'You can send at most 10 reports a day',
} as const

/** An admin's decision on a report. */
export const DECISION_ERRORS = {
  invalidAction: 'Choose an action: dismiss, warn, suspend or ban',
  reasonLength: 'The statement of reasons must be 1-500 characters',
  daysRequired: 'A suspension needs its length: 1-365 days',
  daysOnlySuspend: 'Days are given only for a suspension',
  reportNotFound: 'No such report',
  alreadyDecided: 'This report has already been decided',
  ownReport: 'You cannot decide a report about yourself',
  filedReport: 'You cannot decide a report you filed.',
} as const

/** A notice of the user's own. */
export const NOTICE_ERRORS = {
  notFound: 'No such notice',
} as const
