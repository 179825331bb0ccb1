/**
 * The server's error texts for share links (docs/requests.md, "Share links"). Pure values: the web client maps them
 * to its catalog keys or states why it does not (web/src/shared/api/server-error-texts.ts).
 */
export const SHARE_LINK_ERRORS = {
  notOwner: 'Only the person who asked for help can share this request.',
  completed: 'A completed request cannot be shared.',
  notValid: 'This link is no longer valid.',
} as const
