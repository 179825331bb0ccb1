/**
 * The server's words for thank-yous (docs/product.md#thanks-and-helped-counts). Pure values: the web client maps them
 * to its catalog keys (web/src/api/server-messages.ts).
 */
export const THANKS_MESSAGES = {
  textLength: 'A thank-you must be 1-200 characters',
  notOwner: 'Only the person who asked for help can thank the helper.',
  notCompleted: 'A thank-you can be sent once the request is marked ready.',
  noHelpReceived: 'A thank-you can be sent only when help was received.',
  noHelper: 'Nobody was helping with this request when it was completed.',
  alreadyThanked: 'You have already thanked the helper for this request.',
} as const
