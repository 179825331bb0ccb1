/**
 * The server's words for the conversation between a request's owner and its helper (docs/product.md#conversation). Pure
 * values: the web client maps them to its catalog keys (web/src/shared/api/server-error-texts.ts).
 */
export const CONVERSATION_ERRORS = {
  textLength: 'A message must be 1-500 characters',
  notParticipant: 'Only the owner and the helper can read these messages.',
  adminReadOnly: 'Admins can read these messages but not write.',
  completed: 'The request is completed: its messages are read-only.',
  noHelper: 'The request has no helper now: its messages are read-only.',
  hourlyLimit: 'You have sent too many messages on this request. Try again later.',
} as const
