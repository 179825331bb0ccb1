import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { maskEndpoint } from '../logging.ts'
import { EndpointPolicy } from '../push/endpoint-policy.ts'
import type { PushKind } from '../push/messages.ts'
import { PushNotifier } from '../push/notifier.ts'
import { PushQueue, type PushWorkerOptions } from '../push/queue.ts'
import { vapidKeys } from '../push/vapid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      publicKey: string
      /** Where pushes may go (PUSH_ENDPOINT_HOSTS): the subscribe route asks it, the queue connects through it. */
      policy: EndpointPolicy
      queue: PushQueue
      /**
       * Queues the pushes a committed change causes (right after its commit: one insert, durable from then on);
       * returns at once and never fails the caller.
       */
      notify(kind: PushKind, requestId: number, previousResponderId?: number | null): void
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
      },
      policy,
      waves,
      worker,
    )
    // Embedded mode is one process (PGlite's NOTIFY reaches only the notifying connection): waking it is enough.
    const listening = app.db.mode === 'server' ? await app.sql.listen(WAKE_CHANNEL, () => queue.wake()) : undefined
    const wakeEveryone = async () => {
      if (listening) await app.sql`select pg_notify(${WAKE_CHANNEL}, '')`
      else queue.wake()
    }
    const notifier = new PushNotifier(app.sql)
    const preparing = new Set<Promise<void>>()
    app.decorate('push', {
      publicKey: keys.publicKey,
      policy,
      queue,
      notify(kind: PushKind, requestId: number, previousResponderId: number | null = null) {
        const task = notifier
          .requestChanged(kind, requestId, previousResponderId)
          .then(wakeEveryone)
          .catch((error: unknown) => app.log.warn({ err: error, kind, requestId }, 'queueing pushes failed'))
          .finally(() => preparing.delete(task))
        preparing.add(task)
      },
      async idle() {
        await Promise.all(preparing)
        await queue.idle()
      },
    })
    app.addHook('onReady', async () => queue.wake())
    // Queueing still under way finishes before the pool closes; what is queued and unsent waits for the next start.
    app.addHook('onClose', async () => {
      await Promise.all(preparing)
      await listening?.unlisten()
      await queue.close()
    })
  },
  { name: 'push', dependencies: ['db', 'metrics'] },
)
