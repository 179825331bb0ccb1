import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { ErrorMessage } from '../schemas/common.ts'
import { ClientConfigSchema as PublicConfig, type FirebaseWebConfig, type MapConfig } from '../schemas/config.ts'
import type { TileArchive } from '../tiles/archive.ts'
import { basemapTileUrl } from './tiles.ts'

/** Tile services put their key in the URL; the browser needs it there either way. */
export function tileUrlWithKey(config: { TILE_URL: string; TILE_API_KEY?: string | undefined }): string {
  return config.TILE_API_KEY
    ? config.TILE_URL.replaceAll('{key}', encodeURIComponent(config.TILE_API_KEY))
    : config.TILE_URL
}

/**
 * Which map the app draws (docs/adr/0023-a-map-of-our-own.md): raster tiles of TILE_URL when it is set, else this
 * server's basemap (vector tiles at /tiles/, with its archive's zoom range and attribution). Without either (the
 * embedded basemap not built) the app draws its markers on a plain background: vector tiles that all fail.
 */
export function mapConfig(config: Config, basemap: TileArchive | null): MapConfig {
  if (config.TILE_URL !== undefined) {
    const tileUrl = tileUrlWithKey({ TILE_URL: config.TILE_URL, TILE_API_KEY: config.TILE_API_KEY })
    return { kind: 'raster', tileUrl, attribution: config.TILE_ATTRIBUTION, maxZoom: null }
  }
  if (!basemap) return { kind: 'vector', tileUrl: basemapTileUrl('none'), attribution: '', maxZoom: 0 }
  return {
    kind: 'vector',
    tileUrl: basemapTileUrl(basemap.version),
    attribution: basemap.attribution,
    maxZoom: basemap.maxZoom,
  }
}

/** What the SPA needs to know about this server's setup; public, nothing secret. */
const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const answer = {
    phoneVerification: config.PHONE_VERIFICATION,
    firebase:
      config.PHONE_VERIFICATION === 'firebase' && config.FIREBASE_WEB_CONFIG
        ? (JSON.parse(config.FIREBASE_WEB_CONFIG) as FirebaseWebConfig)
        : null,
    map: mapConfig(config, app.basemap),
    supportEmail: config.SUPPORT_EMAIL,
    phoneReach: { km: config.PHONE_REACH_KM, perDay: config.PHONE_REVEALS_PER_DAY },
    moderationRecordDays: config.MODERATION_RECORD_DAYS,
  }
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['config'],
        summary: "This server's setup for the web client",
        description:
          'Phone verification mode, map tiles, the web push key, the support address, the limits of phone numbers by reach and how long a deleted account’s moderation records are kept. Public.',
        response: { 200: PublicConfig, '5xx': ErrorMessage },
      },
    },
    async () => ({
      ...answer,
      vapidPublicKey: app.push.publicKey,
    }),
  )
}

export default configRoutes
