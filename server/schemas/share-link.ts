import { Type, type Static } from '@sinclair/typebox'
import { REQUEST_CATEGORIES, REQUEST_STATUSES } from '../domain/shared/categories.ts'
import { Nullable } from './common.ts'

/** A share link as its owner gets it (docs/requests.md, "Share links"). */
export const ShareLinkSchema = Type.Object({
  token: Type.String({ description: 'The link’s secret: 256 random-looking bits, base64url (43 characters).' }),
  url: Type.String({ description: 'The page of the web app that shows the request: `<origin>/s/<token>`.' }),
  expires_at: Type.String({
    format: 'date-time',
    description:
      'When the link stops working at the latest: 24 hours after it was made (earlier: revoked, the ' +
      'request deleted, or an hour after it is completed).',
  }),
})
export type ShareLink = Static<typeof ShareLinkSchema>

export const SharedParams = Type.Object({ token: Type.String({ maxLength: 200 }) })

/** What the helper's side of a shared request says: their name, whether they are on their way, how far. */
export const SharedHelperSchema = Type.Object({
  user_name: Type.String(),
  on_my_way: Type.Boolean({ description: 'The helper shares their position with the owner right now.' }),
  distance_km: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        'How far the helper is from the request in whole km (0: under half a km), from their last reported ' +
        'location, as the owner sees it (`responder_distance_km`). Null when either location is unknown.',
    }),
  ),
})

/**
 * A request as a link's visitor sees it: no phone number, no user id, no view count, nothing about who else looked.
 * The location as the owner shares it: an approximate one stays rounded.
 */
export const SharedRequestSchema = Type.Object({
  category: Type.Union(REQUEST_CATEGORIES.map((c) => Type.Literal(c))),
  status: Type.Union(REQUEST_STATUSES.map((s) => Type.Literal(s))),
  description: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  isApproximate: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  completed_at: Nullable(Type.String({ format: 'date-time' })),
  helper: Nullable(SharedHelperSchema),
  expires_at: Type.String({
    format: 'date-time',
    description:
      'When this link stops working unless revoked sooner: 24 hours after it was made, or an hour after ' +
      'the request was completed, whichever is first.',
  }),
})
export type SharedRequest = Static<typeof SharedRequestSchema>
