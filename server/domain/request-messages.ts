/**
 * The server's words for help request errors (docs/product.md#messages lists the ones the client translates).
 * Pure values: the web client builds its message table from them.
 */
export const REQUEST_MESSAGES = {
  dailyLimit: 'You have reached the daily request limit.',
  activeLimit: 'You have reached the limit of 2 active requests.',
  alreadyResponded: 'You have already responded to this request.',
  alreadyHasResponder: 'This request already has a responder.',
  responseLimit: 'You have reached the limit of 2 active responses.',
  ownRequest: 'You cannot respond to your own request.',
  notFound: 'Request not found',
  completed: 'This request is already completed.',
  noResponder: 'This request has no responder.',
  notResponder: 'Only the responder can release this request.',
  notOwner: 'Only the owner can do this.',
  notOwnerOrAdmin: 'Only the owner or an admin can do this.',
  testOnlyAdmin: 'Only an admin can create test requests.',
  invalidCategory: 'Invalid category',
  descriptionLength: 'Description must be 1-500 characters',
  descriptionChars: 'Contains invalid characters',
  badCursor: 'Invalid list cursor: fetch the list again without one.',
} as const

export type RequestMessage = (typeof REQUEST_MESSAGES)[keyof typeof REQUEST_MESSAGES]
