import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { Config } from '../config.ts'
import { ErrorMessage } from '../schemas/common.ts'
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
