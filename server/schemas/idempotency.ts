import { Type } from '@sinclair/typebox'

/** The creating calls' optional key (docs/requests.md, "Sent once"); its shape is checked by the handler's 400. */
export const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      description:
        '1-100 characters of A-Z, a-z, 0-9, _ and - (bare or as a quoted string). Sent again with the same call ' +
        'within 24 h, the first answer is repeated and nothing new is made.',
    }),
  ),
})

/** The sentence the creating calls' descriptions end with. */
export const ONCE_PER_KEY =
  'With an `Idempotency-Key`, a call repeated by its user within 24 h is answered as the first one was (with ' +
  '`Idempotent-Replayed: true`) and creates nothing; the same key with another call is 422; parallel calls with one ' +
  'key wait for the first.'
