import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  claimKey,
  fingerprintOf,
  IDEMPOTENCY_KEY_HEADER,
  readIdempotencyKey,
  recordAnswer,
  REPLAYED_HEADER,
  textFingerprintOf,
  type StoredAnswer,
} from '../domain/idempotency/keys.ts'
import type { Transaction } from '../domain/shared/unit-of-work.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a creating call with `status` and what `run` answers, once per `Idempotency-Key` (docs/requests.md,
     * "Sent once"). `run` does its work in the one transaction it is handed, and that transaction's answer is the
     * call's answer: it is stored with the key, in the same transaction. A call with a key its user sent before
     * (within 24 h) is answered what the first was, with `Idempotent-Replayed: true`, and does nothing. A call
     * without a key runs as it always did.
     */
    answerOnce<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      run: (transaction: Transaction) => Promise<T>,
    ): Promise<FastifyReply>
  }
}

/** Thrown out of a claiming transaction (rolling back nothing) to answer what the key's first call was answered. */
class AnsweredBefore extends Error {
  constructor(readonly stored: StoredAnswer) {
    super('answered before')
  }
}

/** Runs creating calls once per idempotency key, on top of the events plugin's transactions. */
export default fp(
  async (app) => {
    app.decorate('answerOnce', async function answerOnce<
      T,
    >(request: FastifyRequest, reply: FastifyReply, status: number, run: (transaction: Transaction) => Promise<T>) {
      const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER])
      if (key === null) return reply.code(status).send(await run((work) => app.events.transaction(work)))
      const call = {
        userId: request.currentUser.user_id,
        key,
        fingerprint: fingerprintOf(request.method, request.url, request.body),
        textFingerprint: textFingerprintOf(request.method, request.url, request.body),
      }
      let transactions = 0
      const keyed: Transaction = (work) => {
        // The answer stored is that of the one transaction: a second would not be covered by the key.
        if (++transactions > 1) throw new Error('a call answered once runs a single transaction')
        return app.events.transaction(async (tx, announce) => {
          const stored = await claimKey(tx, call)
          if (stored) throw new AnsweredBefore(stored)
          const answer = await work(tx, announce)
          await recordAnswer(tx, call, { status, answer })
          return answer
        })
      }
      try {
        return reply.code(status).send(await run(keyed))
      } catch (error) {
        if (!(error instanceof AnsweredBefore)) throw error
        return reply.code(error.stored.status).header(REPLAYED_HEADER, 'true').send(error.stored.answer)
      }
    })
  },
  { name: 'idempotency', dependencies: ['events', 'auth'] },
)
