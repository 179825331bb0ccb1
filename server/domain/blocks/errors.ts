/**
 * The server's error texts for blocks (docs/safety.md, "Blocks"). Pure values: the web client maps them to its
 * catalog keys (web/src/shared/api/server-error-texts.ts).
 */
export const BLOCK_ERRORS = {
  invalidAbout: 'Block the owner or the responder of the request.',
  self: 'You cannot block yourself.',
  notOwner: 'Only the owner can block the helper of a request.',
  noHelper: 'Nobody has helped with this request.',
  limit: 'You have blocked as many people as you can. Lift an earlier block first.',
  notFound: 'Block not found',
  takeOver: 'You cannot take over this request.',
  thanks: 'You cannot thank this person.',
} as const
