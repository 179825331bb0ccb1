import { randomUUID } from 'node:crypto'
import fp from 'fastify-plugin'
import { publicOrigin, type Config } from '../config.ts'
import { maskEndpoint } from '../logging.ts'
import { EndpointPolicy } from '../push/endpoint-policy.ts'
import type { Queryable } from '../db/queryable.ts'
import type { EventRow } from '../domain/requests/rows.ts'
import type { PushCause, RequestPushes } from '../domain/requests/change-types.ts'
import type { Notice } from '../db/one-statement.ts'
import { pushesInStatement, queuePushes } from '../push/notifier.ts'
import { PushQueue, type PushWorkerOptions } from '../push/queue.ts'
import { vapidKeys } from '../push/vapid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: RequestPushes & {
      publicKey: string
      /** Where pushes may go (PUSH_ENDPOINT_HOSTS): the subscribe route asks it, the queue connects through it. */
      policy: EndpointPolicy
      queue: PushQueue
      /** Resolves once every push queued so far has been sent or given up and no wave is due (tests). */
      idle(): Promise<void>
    }
  }
}

export interface PushOptions {
  config: Config
  /** Only for tests: a CA certificate trusted besides Node's roots (a local push service's self-signed one). */
  extraCa?: string | Buffer | undefined
  /** Only for tests: the worker's timings, or no worker at all. */
  worker?: PushWorkerOptions | undefined
}

/** Wakes every instance's worker when pushes or waves were queued: ids are not needed, the rows are in the table. */
const WAKE_CHANNEL = 'pyoraapu_push'

export default fp<PushOptions>(
  async (app, { config, extraCa, worker }) => {
    const keys = await vapidKeys(config, app.sql)
    const policy = new EndpointPolicy(config.PUSH_ENDPOINT_HOSTS, { extraCa })
    const waves = {
      firstWave: config.ALERT_FIRST_WAVE,
      escalateAfter: config.ALERT_ESCALATE_AFTER,
      maxRecipients: config.ALERT_MAX_RECIPIENTS,
    }
    const queue = new PushQueue(
      app.sql,
      keys,
      {
        expired: async (endpoint) => {
          app.metrics.pushes.inc({ outcome: 'expired' })
          await app.sql`delete from push_subscriptions where endpoint = ${endpoint}`
          app.log.info({ endpoint: maskEndpoint(endpoint) }, 'push subscription expired and was removed')
        },
        delivered: async (endpoint) => {
          app.metrics.pushes.inc({ outcome: 'sent' })
          await app.sql`update push_subscriptions set last_sent_at = now() where endpoint = ${endpoint}`
        },
        failed: (job, error) => {
          app.metrics.pushes.inc({ outcome: 'failed' })
          app.log.warn({ err: error, endpoint: maskEndpoint(job.subscription.endpoint) }, 'push failed')
        },
        refused: (job, reason) => {
          app.metrics.pushes.inc({ outcome: 'refused' })
          app.log.warn(
            { reason, endpoint: maskEndpoint(job.subscription.endpoint) },
            'push endpoint refused by PUSH_ENDPOINT_HOSTS; not sent',
          )
        },
        error: (error) => app.log.warn({ err: error }, 'push worker failed; it tries again shortly'),
        // The owner's progress (docs/live-and-push.md): every instance tells the owner's sockets it holds.
        waveSent: (wave) => void app.events.publish({ type: 'progress', ...wave }),
      },
      policy,
      waves,
      publicOrigin(config),
      worker,
    )
    if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
      app.log.warn(
        { opens: publicOrigin(config) },
        'PUBLIC_URL is unset in production: a tap on a notification on an iPhone or iPad opens this machine’s own address, not the app',
      )
    }
    // Embedded mode is one process (PGlite's NOTIFY reaches only the notifying connection): waking it is enough.
    // A wake-up carries the instance that sent it, which wakes its own worker after the commit (`wake`): one pass
    // per commit, not a second one when its own NOTIFY comes back.
    const origin = randomUUID()
    const listening =
      app.db.mode === 'server'
        ? await app.sql.listen(WAKE_CHANNEL, (sender) => {
            if (sender !== origin) queue.wake()
          })
        : undefined
    const wakeNotice: Notice | null = listening ? { channel: WAKE_CHANNEL, payload: origin } : null
    app.decorate('push', {
      publicKey: keys.publicKey,
      policy,
      queue,
      async queuePushes(tx: Queryable, cause: PushCause, row: EventRow) {
        await queuePushes(tx, cause, row)
        // Delivered at commit, atomically with the rows it announces; embedded mode has only this instance.
        if (wakeNotice) await tx`select pg_notify(${wakeNotice.channel}, ${wakeNotice.payload})`
      },
      pushesInStatement: (sql, cause, request, names) => ({
        ...pushesInStatement(sql, cause, request, names),
        wake: wakeNotice,
      }),
      wake: () => queue.wake(),
      idle: () => queue.idle(),
    })
    app.addHook('onReady', async () => queue.wake())
    // What is queued and unsent waits in the database for the next start.
    app.addHook('onClose', async () => {
      await listening?.unlisten()
      await queue.close()
    })
  },
  { name: 'push', dependencies: ['db', 'metrics', 'events'] },
)
