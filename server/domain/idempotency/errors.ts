/** The server's error texts for idempotency keys (docs/requests.md, "Sent once"). */
export const IDEMPOTENCY_ERRORS = {
  badKey: 'Idempotency-Key must be 1-100 characters: letters A-Z and a-z, digits, _ and -.',
  otherCall: 'This Idempotency-Key was already used for a different call.',
} as const
