import { gunzipSync } from 'node:zlib'
import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { badRequest, notFound } from '../errors.ts'
import { ErrorAnswers, NoBody } from '../schemas/common.ts'
import { AreaAnswer, AreaQuery } from '../schemas/map-area.ts'
import { areaSize } from '../tiles/area-size.ts'
import { areaSizeRateLimit } from './rate-limits.ts'

/** The URL template of the basemap's tiles: the version names the archive, so a tile can be kept for good. */
export const basemapTileUrl = (version: string) => `/tiles/{z}/{x}/{y}.mvt?v=${version}`

/** The highest zoom any tile scheme uses; beyond it x and y would not fit the archive's tile ids. */
const MAX_ZOOM = 26
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** A tile asked for without the current version (an old app, a hand-made URL): kept, but checked each time. */
const REVALIDATE = 'public, no-cache'

const TileParams = Type.Object({
  z: Type.String({ maxLength: 3 }),
  x: Type.String({ maxLength: 9 }),
  y: Type.String({ maxLength: 9 }),
})
const TileQuery = Type.Object({ v: Type.Optional(Type.String({ maxLength: 64 })) })

/** z, x and y as the tile grid allows them, or a 400 that says what is wrong. */
function tileCoordinates(params: { z: string; x: string; y: string }): { z: number; x: number; y: number } {
  const whole = /^\d+$/
  if (![params.z, params.x, params.y].every((part) => whole.test(part))) {
    throw badRequest('A tile is /tiles/{z}/{x}/{y}.mvt with z, x and y whole numbers')
  }
  const [z, x, y] = [Number(params.z), Number(params.x), Number(params.y)]
  if (z > MAX_ZOOM) throw badRequest(`The zoom of a tile is at most ${MAX_ZOOM}`)
  if (x >= 2 ** z || y >= 2 ** z) throw badRequest(`At zoom ${z}, x and y are below ${2 ** z}`)
  return { z, x, y }
}

/**
 * GET /tiles/{z}/{x}/{y}.mvt: one vector tile of the basemap (server/plugins/basemap.ts), a Mapbox Vector Tile. A tile
 * of open sea or outside the archive's area is 204 (nothing to draw, and not an error for the map); a zoom outside the
 * archive's is 404. One URL per tile, no range requests: the service worker keeps each tile as its own answer.
 */
const tileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/tiles/area',
    {
      config: areaSizeRateLimit,
      schema: {
        tags: ['map'],
        summary: 'The size of the basemap around a point',
        description:
          'What "Keep the map of this area on this phone" downloads (docs/pwa.md, "The kept map"): the tiles touching the circle, from the archive’s lowest zoom to its highest (at most 15), counted and summed from the archive’s directories.',
        querystring: AreaQuery,
        response: { 200: AreaAnswer, ...ErrorAnswers },
      },
    },
    async (request) => {
      const basemap = app.basemap
      if (!basemap) throw notFound('This server serves no basemap (TILE_URL is set, or the basemap is not built)')
      const { latitude, longitude, radius } = request.query
      return { version: basemap.version, ...(await areaSize(basemap, { latitude, longitude }, radius)) }
    },
  )
  app.get(
    '/tiles/:z/:x/:y.mvt',
    {
      compress: false,
      config: { accessLog: 'quiet' },
      schema: {
        tags: ['map'],
        summary: 'A vector tile of the basemap',
        description:
          'Mapbox Vector Tile (Protomaps basemap layers). 204 for a tile with nothing on it; the ?v= of /api/config makes the answer immutable.',
        params: TileParams,
        querystring: TileQuery,
        response: {
          200: Type.Unsafe<Buffer>({
            type: 'string',
            format: 'binary',
            description: 'The tile, application/vnd.mapbox-vector-tile (gzip when the client takes it).',
          }),
          204: NoBody('Nothing on this tile: open sea, or outside the archive’s area.'),
          304: NoBody('The client’s copy (If-None-Match) is this archive’s.'),
          ...ErrorAnswers,
        },
      },
    },
    async (request, reply) => {
      const { z, x, y } = tileCoordinates(request.params)
      const basemap = app.basemap
      if (!basemap) throw notFound('This server serves no basemap (TILE_URL is set, or the basemap is not built)')
      if (z < basemap.minZoom || z > basemap.maxZoom) {
        throw notFound(`The basemap has tiles from zoom ${basemap.minZoom} to ${basemap.maxZoom}`)
      }
      const etag = `"${basemap.version}"`
      reply.header('cache-control', request.query.v === basemap.version ? IMMUTABLE : REVALIDATE)
      reply.header('etag', etag)
      reply.header('vary', 'accept-encoding')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null)
      const tile = await basemap.tile(z, x, y)
      if (!tile) return reply.code(204).send(null)
      reply.header('content-type', 'application/vnd.mapbox-vector-tile')
      const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')
      if (tile.encoding === 'gzip' && acceptsGzip) {
        reply.header('content-encoding', 'gzip')
        return reply.send(tile.data)
      }
      return reply.send(tile.encoding === 'gzip' ? gunzipSync(tile.data) : tile.data)
    },
  )
}

export default tileRoutes
