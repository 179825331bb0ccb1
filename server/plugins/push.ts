import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { maskEndpoint } from '../logging.ts'
import { EndpointPolicy } from '../push/endpoint-policy.ts'
import type { PushKind } from '../push/messages.ts'
import { PushNotifier } from '../push/notifier.ts'
import { PushQueue } from '../push/queue.ts'
import { vapidKeys } from '../push/vapid.ts'

declare module 'fastify' {
  interface FastifyInstance {
    push: {
      publicKey: string
      /** Where pushes may go (PUSH_ENDPOINT_HOSTS): the subscribe route asks it, the queue connects through it. */
      policy: EndpointPolicy
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
  /** Only for tests: a CA certificate trusted besides Node's roots (a local push service's self-signed one). */
  extraCa?: string | Buffer | undefined
}

export default fp<PushOptions>(
  async (app, { config, extraCa }) => {
    const keys = await vapidKeys(config, app.sql)
    const policy = new EndpointPolicy(config.PUSH_ENDPOINT_HOSTS, { extraCa })
    const queue = new PushQueue(
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
      },
      policy,
    )
    const notifier = new PushNotifier(app.sql, queue)
    const preparing = new Set<Promise<void>>()
    app.decorate('push', {
      publicKey: keys.publicKey,
      policy,
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
  { name: 'push', dependencies: ['db', 'metrics'] },
)
