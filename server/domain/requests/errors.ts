/**
 * The server's error texts for help requests, their helper's shared position and thank-yous
 * (docs/product.md#messages lists the ones the client translates). Pure values: the web client maps them to its
 * catalog keys (web/src/shared/api/server-error-texts.ts).
 */
export const REQUEST_ERRORS = {
  dailyLimit: 'You have reached the daily request limit.',
  activeLimit: 'You have reached the limit of 2 active requests.',
  alreadyResponded: 'You have already responded to this request.',
  alreadyHasHelper: 'This request already has a responder.',
  responseLimit: 'You have reached the limit of 2 active responses.',
  ownRequest: 'You cannot respond to your own request.',
  notFound: 'Request not found',
  completed: 'This request is already completed.',
  noCurrentHelper: 'This request has no responder.',
  notHelper: 'Only the responder can release this request.',
  notOwner: 'Only the owner can do this.',
  notOwnerOrAdmin: 'Only the owner or an admin can do this.',
  testOnlyAdmin: 'Only an admin can create test requests.',
  invalidCategory: 'Invalid category',
  descriptionLength: 'Description must be 1-500 characters',
  descriptionChars: 'Contains invalid characters',
  badCursor: 'Invalid list cursor: fetch the list again without one.',
  alertMoreTooSoon: 'You can alert more helpers once every 2 minutes.',
  noMoreAlerts: 'No more helpers can be alerted for this request.',
  moveTooSoon: 'A request can be moved once every 10 seconds.',
} as const

export type RequestErrorText = (typeof REQUEST_ERRORS)[keyof typeof REQUEST_ERRORS]

/** "On my way", the helper's shared position (docs/product.md#on-my-way). */
export const POSITION_ERRORS = {
  notHelper: 'Only the current helper can share their location.',
  notViewer: "Only the owner and the helper can see the helper's location.",
  tooOften: 'Location updates are limited to one every 5 seconds.',
} as const

/** Thank-yous (docs/product.md#thanks-and-helped-counts). */
export const THANKS_ERRORS = {
  textLength: 'A thank-you must be 1-200 characters',
  notOwner: 'Only the person who asked for help can thank the helper.',
  notCompleted: 'A thank-you can be sent once the request is marked ready.',
  noHelpReceived: 'A thank-you can be sent only when help was received.',
  noHelper: 'Nobody was helping with this request when it was completed.',
  alreadyThanked: 'You have already thanked the helper for this request.',
} as const
