import type { Agent } from 'node:https'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import type { PushKind } from '../push/messages.ts'
import { PushNotifier } from '../push/notifier.ts'
import { PushQueue } from '../push/queue.ts'
import { vapidKeys } from '../push/vapid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      publicKey: string
      queue: PushQueue
      /** Queues the pushes a committed change causes; returns at once and never fails the caller. */
      notify(kind: PushKind, requestId: number, previousResponderId?: number | null): void
      /** Resolves once every push prepared so far has been sent or given up (tests, shutdown). */
      idle(): Promise<void>
    }
  }
}

export interface PushOptions {
  config: Config
  /** Only for tests: trusts a local push service's self-signed certificate. */
  agent?: Agent | undefined
}

export default fp<PushOptions>(
  async (app, { config, agent }) => {
    const keys = await vapidKeys(config, app.sql)
    const queue = new PushQueue(
      keys,
      {
        expired: async (endpoint) => {
          await app.sql`delete from push_subscriptions where endpoint = ${endpoint}`
          app.log.info({ endpoint }, 'push subscription expired and was removed')
        },
        delivered: async (endpoint) => {
          await app.sql`update push_subscriptions set last_sent_at = now() where endpoint = ${endpoint}`
        },
        failed: (job, error) => app.log.warn({ err: error, endpoint: job.subscription.endpoint }, 'push failed'),
      },
      agent,
    )
    const notifier = new PushNotifier(app.sql, queue)
    const preparing = new Set<Promise<void>>()
    app.decorate('push', {
      publicKey: keys.publicKey,
      queue,
      notify(kind: PushKind, requestId: number, previousResponderId: number | null = null) {
        const task = notifier
          .requestChanged(kind, requestId, previousResponderId)
          .catch((error: unknown) => app.log.warn({ err: error, kind, requestId }, 'preparing pushes failed'))
          .finally(() => preparing.delete(task))
        preparing.add(task)
      },
      async idle() {
        await Promise.all(preparing)
        await queue.idle()
      },
    })
    // Preparations still reading the database finish before the pool closes; unsent pushes are dropped.
    app.addHook('onClose', async () => {
      await Promise.all(preparing)
      queue.close()
    })
  },
  { name: 'push', dependencies: ['db'] },
)
