import webpush from 'web-push'
import type { Config } from '../config.ts'
import type { Queryable } from '../db/queryable.ts'
import { settingOrCreate } from '../domain/shared/settings.ts'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/** Configured keys, else a pair generated once and shared through the database: push works with no setup. */
export async function vapidKeys(config: Config, sql: Queryable): Promise<VapidKeys> {
  const pair =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
      : await settingOrCreate(sql, 'vapid_keys', () => webpush.generateVAPIDKeys())
  return { ...pair, subject: config.VAPID_SUBJECT }
}
