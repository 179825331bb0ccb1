import { Type } from '@sinclair/typebox'

/** A receipt token as the server makes them (gen_random_uuid(), lowercase): anything else is a 400. */
export const ReceiptParams = Type.Object({
  receipt: Type.String({
    pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    description: 'The `receipt` of the push, as it arrived.',
    examples: ['7d3f1a52-9c1e-4f0b-8a44-2b6f0d9e1c35'],
  }),
})

export const SubscriptionCheck = Type.Object(
  {
    isSubscribed: Type.Boolean(),
    lastReachedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description:
        "When this browser's service worker last confirmed an alert or a practice alert (null: never, or not the " +
        "user's subscription).",
    }),
  },
  { examples: [{ isSubscribed: true, lastReachedAt: '2026-11-24T09:35:00.000Z' }] },
)
