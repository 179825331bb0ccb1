import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { bearer } from '../../accounts.ts'
import { listenEmbedded, twoInstances } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { actorFor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/** docs/requests.md, "Sent once": one key is one request whichever instance, and whichever database, answers. */

const NEW_REQUEST = {
  category: 'bicycle_maintenance',
  description: 'Out of water',
  latitude: 60.17,
  longitude: 24.94,
  isApproximate: 0,
}

async function keyedCreate(app: FastifyInstance, actor: Actor, key: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/requests',
    headers: { ...bearer(actor.user.token), 'idempotency-key': key },
    payload: NEW_REQUEST,
  })
  return { status: response.statusCode, id: response.json<{ request_id: number }>().request_id }
}

async function ownCount(app: FastifyInstance, actor: Actor): Promise<number> {
  const [row] = await app.sql<Array<{ n: number }>>`
    select count(*)::int as n from requests where owner_id = ${actor.user.user.user_id}
  `
  return row!.n
}

t.test('parallel calls with one key on two instances create one request', async (t) => {
  const { a, b } = await twoInstances(t)
  const onA = await signedIn(a, 'Twofold Owner')
  const onB = actorFor(b, onA.user)
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => keyedCreate(i % 2 ? b : a, i % 2 ? onB : onA, 'across')),
  )
  t.same(
    answers.map((answer) => answer.status),
    Array(6).fill(201),
  )
  t.equal(new Set(answers.map((answer) => answer.id)).size, 1)
  t.equal(await ownCount(a, onA), 1)
})

t.test('parallel calls with one key on the embedded database create one request', async (t) => {
  const { app } = await listenEmbedded(t)
  const owner = await signedIn(app, 'Embedded Owner')
  const answers = await Promise.all(Array.from({ length: 4 }, () => keyedCreate(app, owner, 'embedded')))
  t.equal(new Set(answers.map((answer) => answer.id)).size, 1)
  t.equal(await ownCount(app, owner), 1)
})
