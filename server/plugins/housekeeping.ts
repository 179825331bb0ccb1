import fp from 'fastify-plugin'
import { purgeExpired } from '../domain/housekeeping.ts'

const EVERY_MS = 60 * 60 * 1000

/** Purges expired rows hourly; a failure is logged and retried at the next run, never fatal. */
export default fp(
  async (app) => {
    const run = async () => {
      try {
        const purged = await purgeExpired(app.sql)
        app.log.debug({ purged }, 'housekeeping done')
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
