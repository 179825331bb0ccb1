import { Type, type Static } from '@sinclair/typebox'
import { KEPT_MAX_RADIUS_KM } from '../tiles/area.ts'

/** GET /tiles/area: the size of the kept map around a point (docs/pwa.md, "The kept map"). */
export const AreaQuery = Type.Object({
  latitude: Type.Number({ minimum: -85, maximum: 85 }),
  longitude: Type.Number({ minimum: -180, maximum: 180 }),
  radius: Type.Number({ minimum: 1, maximum: KEPT_MAX_RADIUS_KM, description: 'km' }),
})
export const AreaAnswer = Type.Object({
  version: Type.String({ description: 'The archive whose tiles these are (the ?v= of the tile URLs)' }),
  minZoom: Type.Integer({ description: 'The archive’s lowest zoom, the first kept' }),
  maxZoom: Type.Integer({ description: 'The deepest zoom kept: the archive’s highest, at most 15' }),
  tiles: Type.Integer({ description: 'Tile URLs in the area' }),
  stored: Type.Integer({ description: 'Of them, tiles the archive holds (the rest answer 204)' }),
  bytes: Type.Integer({ description: 'Their size as downloaded (the archive’s gzip bytes)' }),
})

export type AreaAnswer = Static<typeof AreaAnswer>
