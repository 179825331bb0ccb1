import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { ClientConfigSchema as PublicConfig, type FirebaseWebConfig } from '../schemas/config.ts'

/** Tile services put their key in the URL; the browser needs it there either way. */
export function tileUrlWithKey(config: Pick<Config, 'TILE_URL' | 'TILE_API_KEY'>): string {
  return config.TILE_API_KEY
    ? config.TILE_URL.replaceAll('{key}', encodeURIComponent(config.TILE_API_KEY))
    : config.TILE_URL
}

/** What the SPA needs to know about this server's setup; public, nothing secret. */
const configRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const answer = {
    phoneVerification: config.PHONE_VERIFICATION,
    firebase:
      config.PHONE_VERIFICATION === 'firebase' && config.FIREBASE_WEB_CONFIG
        ? (JSON.parse(config.FIREBASE_WEB_CONFIG) as FirebaseWebConfig)
        : null,
    map: { tileUrl: tileUrlWithKey(config), attribution: config.TILE_ATTRIBUTION },
    supportEmail: config.SUPPORT_EMAIL,
  }
  app.get('/api/config', { schema: { response: { 200: PublicConfig } } }, async () => ({
    ...answer,
    vapidPublicKey: app.push.publicKey,
  }))
}

export default configRoutes
