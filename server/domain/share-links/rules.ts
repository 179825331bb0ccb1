/**
 * How long a share link lives (docs/requests.md, "Share links"): a day from when it was made, and an hour after the
 * request is completed, whichever comes first. Long enough for a ride home; short enough that a forwarded link does
 * not follow a cyclist around for good.
 */
export const SHARE_LINK_HOURS = 24
export const SHARE_LINK_HOURS_AFTER_COMPLETION = 1

/** Where the page of a link lives in the web app: `/s/{token}` (web/src/app/routes.tsx). */
export const SHARED_PAGE_PREFIX = '/s/'
