import { Type, type Static } from '@sinclair/typebox'
import { Nullable } from './common.ts'

/** What the browser's Firebase SDK needs; public by Firebase's design. */
export const FirebaseWebConfigSchema = Type.Object({
  apiKey: Type.String(),
  authDomain: Type.String(),
  projectId: Type.String(),
  appId: Type.String(),
})
export type FirebaseWebConfig = Static<typeof FirebaseWebConfigSchema>

/** Where map tiles come from: an {z}/{x}/{y} URL template and the attribution its licence asks for. */
export const MapConfigSchema = Type.Object({
  tileUrl: Type.String({
    description: 'The tile URL template: /tiles/{z}/{x}/{y}.mvt?v=<version> for the basemap, TILE_URL for raster',
  }),
  attribution: Type.String(),
  kind: Type.Union([Type.Literal('vector'), Type.Literal('raster')], {
    description: 'vector: this server’s basemap (Mapbox Vector Tiles); raster: image tiles of TILE_URL',
  }),
  maxZoom: Nullable(
    Type.Integer({ description: 'The highest zoom of the vector tiles (drawn larger beyond it); null for raster' }),
  ),
})
export type MapConfig = Static<typeof MapConfigSchema>

/**
 * GET /api/config: how phone numbers are verified here, the map's tile source, the web push key, the support address
 * and the limits of phone numbers by reach.
 */
export const ClientConfigSchema = Type.Object({
  phoneVerification: Type.Union([Type.Literal('local'), Type.Literal('firebase')]),
  firebase: Nullable(FirebaseWebConfigSchema),
  map: MapConfigSchema,
  /** VAPID public key, base64url: the applicationServerKey of push subscriptions. */
  vapidPublicKey: Type.String(),
  /** The server's SUPPORT_EMAIL: shown on the info page and in the privacy statement. */
  supportEmail: Type.String(),
  /** PHONE_REACH_KM and PHONE_REVEALS_PER_DAY: the privacy statement names this installation's numbers. */
  phoneReach: Type.Object({ km: Type.Integer(), perDay: Type.Integer() }),
  moderationRecordDays: Type.Integer({
    description: 'MODERATION_RECORD_DAYS: how long a deleted account’s moderation records are kept (privacy statement)',
  }),
})
export type ClientConfig = Static<typeof ClientConfigSchema>
