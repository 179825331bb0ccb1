import { Type, type Static } from '@sinclair/typebox'

export const ResponderPositionSchema = Type.Object(
  {
    latitude: Type.Number(),
    longitude: Type.Number(),
    at: Type.String({
      format: 'date-time',
      description:
        "When the server took this update, by the server's clock: how current the position is. The helper's app " +
        'sends one every few seconds while it is open; an old one means the app was closed or lost its signal.',
    }),
  },
  { examples: [{ latitude: 60.1699, longitude: 24.9384, at: '2026-11-24T09:30:00.000Z' }] },
)
/** The helper's latest shared position; the web client's type too. */
export type HelperPosition = Static<typeof ResponderPositionSchema>

/** Validated by the domain (server/domain/accounts/rules.ts checkLocation), which answers a clear message. */
export const PositionBody = Type.Object(
  { latitude: Type.Number(), longitude: Type.Number() },
  { examples: [{ latitude: 60.1699, longitude: 24.9384 }] },
)
