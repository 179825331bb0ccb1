import fp from 'fastify-plugin'
import {
  endExpiredSuspensions,
  liftSuspension,
  suspendAccount,
  type Suspension,
} from '../domain/moderation/suspension.ts'
import type { Announcers } from '../domain/requests/change-types.ts'

/** How often an instance looks for suspensions whose end has passed. */
const ENDS_EVERY_MS = 60_000

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Suspensions and bans as units of work (docs/accounts.md, "Suspension and ban"): each in a transaction of its
     * own that announces the requests it changed, then tells every instance. A caller that records something with
     * the decision in one transaction (a report's decision) calls suspendAccount itself, announces the ids it
     * answers the same way (`announceChanged`), and announces the user (`announce.user`) in the same transaction.
     */
    suspensions: {
      suspend(suspension: Suspension): Promise<void>
      /** False when nothing was in force. */
      lift(userId: number, liftedBy: number): Promise<boolean>
      /** Announces the requests of suspensions that ended by time (run every minute; tests call it). */
      endExpired(): Promise<number>
    }
  }
}

/** Announces each request a suspension, its lift or its end changed, inside the transaction that changed it. */
export async function announceChanged(announce: Announcers, requestIds: readonly number[]): Promise<void> {
  for (const requestId of requestIds) await announce.request({ requestId, previousHelperId: null })
}

export interface SuspensionsOptions {
  /** Only for tests: how often ended suspensions are looked for (0: never by itself). */
  endsEveryMs?: number
}

export default fp<SuspensionsOptions>(
  async (app, { endsEveryMs = ENDS_EVERY_MS }) => {
    const endExpired = async (): Promise<number> => {
      const { requestIds } = await app.events.transaction(async (tx, announce) => {
        const ended = await endExpiredSuspensions(tx)
        await announceChanged(announce, ended.requestIds)
        return ended
      })
      return requestIds.length
    }

    app.decorate('suspensions', {
      async suspend(suspension: Suspension) {
        await app.events.transaction(async (tx, announce) => {
          await announceChanged(announce, await suspendAccount(tx, suspension))
          // At the commit the user's sessions (revoked in it) end on every instance: copies, live streams.
          await announce.user(suspension.userId)
        })
        // The waves the suspension made due stand the alerted helpers down (server/push/waves.ts).
        app.push.wake()
      },
      async lift(userId: number, liftedBy: number) {
        const lifted = await app.events.transaction(async (tx, announce) => {
          const changed = await liftSuspension(tx, userId, liftedBy)
          if (changed) await announceChanged(announce, changed)
          return changed !== undefined
        })
        return lifted
      },
      endExpired,
    })

    if (endsEveryMs > 0) {
      const timer = setInterval(() => {
        endExpired().catch((error: unknown) => app.log.warn({ err: error }, 'ending expired suspensions failed'))
      }, endsEveryMs)
      timer.unref()
      app.addHook('onClose', async () => clearInterval(timer))
    }
  },
  { name: 'suspensions', dependencies: ['db', 'events', 'push'] },
)
