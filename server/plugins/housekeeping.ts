import fp from 'fastify-plugin'
import { purgeIdempotencyKeys } from '../domain/idempotency/keys.ts'
import { purgeConversations } from '../domain/conversation/conversation.ts'
import { purgeExpired } from '../domain/shared/housekeeping.ts'
import { purgeThanks } from '../domain/requests/thanks.ts'
import { purgeShareLinks } from '../domain/share-links/share-links.ts'
import { purgeReceipts } from '../push/receipts.ts'
import { purgeKeptRecords } from '../domain/moderation/kept-records.ts'

const EVERY_MS = 60 * 60 * 1000

export interface HousekeepingOptions {
  /** REQUEST_HISTORY_DAYS: a completed request's conversation and thank-you go when the request leaves the list. */
  historyDays: number
  /** MODERATION_RECORD_DAYS: the records of a deleted account go this long after the deletion (kept-records.ts). */
  moderationRecordDays: number
}

/** Purges expired rows hourly; a failure is logged and retried at the next run, never fatal. */
export default fp<HousekeepingOptions>(
  async (app, { historyDays, moderationRecordDays }) => {
    const run = async () => {
      try {
        const purged = await purgeExpired(app.sql)
        const conversations = await purgeConversations(app.sql, historyDays)
        const thanks = await purgeThanks(app.sql, historyDays)
        const shareLinks = await purgeShareLinks(app.sql)
        const idempotencyKeys = await purgeIdempotencyKeys(app.sql)
        const receipts = await purgeReceipts(app.sql)
        const moderationRecords = await purgeKeptRecords(app.sql, moderationRecordDays)
        app.log.debug(
          { purged, conversations, thanks, shareLinks, idempotencyKeys, receipts, moderationRecords },
          'housekeeping done',
        )
      } catch (error) {
        app.log.warn({ err: error }, 'housekeeping failed')
      }
    }
    const timer = setInterval(() => void run(), EVERY_MS)
    timer.unref()
    app.addHook('onClose', async () => clearInterval(timer))
  },
  { name: 'housekeeping', dependencies: ['db'] },
)
