import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'

const FirebaseWebConfig = Type.Object({
  apiKey: Type.String(),
  authDomain: Type.String(),
  projectId: Type.String(),
  appId: Type.String(),
})

const PublicConfig = Type.Object({
  phoneVerification: Type.Union([Type.Literal('local'), Type.Literal('firebase')]),
  firebase: Type.Union([FirebaseWebConfig, Type.Null()]),
  map: Type.Object({ tileUrl: Type.String(), attribution: Type.String() }),
  vapidPublicKey: Type.String(),
  supportEmail: Type.String(),
})

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
        ? (JSON.parse(config.FIREBASE_WEB_CONFIG) as typeof FirebaseWebConfig.static)
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
