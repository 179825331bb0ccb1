import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { IDEMPOTENCY_ERRORS } from '../../../server/domain/idempotency/errors.ts'
import { fingerprintOf, purgeIdempotencyKeys, textFingerprintOf } from '../../../server/domain/idempotency/keys.ts'
import { REQUEST_ERRORS } from '../../../server/domain/requests/errors.ts'
import { bearer } from '../../accounts.ts'
import { buildTestApp } from '../../helper.ts'
import type { Actor, Json } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

/** docs/requests.md, "Sent once": the creating calls answer a repeated key as they did the first time. */

const NEW_REQUEST = {
  category: 'bicycle_maintenance',
  description: 'Flat tyre near the bridge',
  latitude: 60.1699,
  longitude: 24.9384,
  isApproximate: 0,
}

interface KeyedAnswer {
  status: number
  body: Json & { request_id: number }
  replayed: boolean
}

/** A POST as the app's outbox sends it: with its key. */
async function keyed(app: FastifyInstance, actor: Actor, url: string, payload: object, key: string) {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(actor.user.token), 'idempotency-key': key },
    payload,
  })
  return {
    status: response.statusCode,
    body: response.json<KeyedAnswer['body']>(),
    replayed: response.headers['idempotent-replayed'] === 'true',
  } satisfies KeyedAnswer
}

async function requestCount(app: FastifyInstance, actor: Actor): Promise<number> {
  const [row] = await app.sql<Array<{ n: number }>>`
    select count(*)::int as n from requests where owner_id = ${actor.user.user.user_id}
  `
  return row!.n
}

/** A request in progress between a new owner and helper, for messages and thanks. */
async function inProgress(app: FastifyInstance, name: string) {
  const owner = await signedIn(app, `${name} Owner`)
  const helper = await signedIn(app, `${name} Helper`)
  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  return { owner, helper, id }
}

t.test('idempotency keys', async (t) => {
  const app = await buildTestApp(t)

  t.test('a repeated request is answered the same and created once', async (t) => {
    const owner = await signedIn(app, 'Repeat Owner')
    const first = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'request-1')
    t.equal(first.status, 201)
    t.notOk(first.replayed, 'a first answer is not a replay')
    const again = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'request-1')
    t.equal(again.status, 201)
    t.ok(again.replayed, 'Idempotent-Replayed: true')
    t.same(again.body, first.body, 'the first answer, as it was')
    t.equal(await requestCount(app, owner), 1)

    const other = await keyed(app, owner, '/api/requests', { ...NEW_REQUEST, description: 'Chain broke' }, 'request-1')
    t.equal(other.status, 422)
    t.equal(other.body.message, IDEMPOTENCY_ERRORS.otherCall)
    const elsewhere = await keyed(
      app,
      owner,
      `/api/requests/${first.body.request_id}/messages`,
      { text: 'Hi' },
      'request-1',
    )
    t.equal(elsewhere.status, 422, 'the same key on another path is another call')
    t.equal(await requestCount(app, owner), 1)

    const noKey = await owner.create()
    t.equal(noKey.status, 201, 'a call without a key runs as before')
    t.equal(await requestCount(app, owner), 2)
  })

  t.test('the same body with its keys in another order, or spaced otherwise, is the same call', async (t) => {
    const owner = await signedIn(app, 'Reorder Owner')
    const first = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'reordered-1')
    t.equal(first.status, 201)
    const reversed = Object.fromEntries(Object.entries(NEW_REQUEST).reverse())
    t.not(JSON.stringify(reversed), JSON.stringify(NEW_REQUEST), 'the bytes differ')
    const again = await keyed(app, owner, '/api/requests', reversed, 'reordered-1')
    t.same([again.status, again.replayed, again.body], [201, true, first.body], 'answered as the first time')
    const spaced = await app.inject({
      method: 'POST',
      url: '/api/requests',
      headers: { ...bearer(owner.user.token), 'idempotency-key': 'reordered-1', 'content-type': 'application/json' },
      payload: JSON.stringify(reversed, null, 2),
    })
    t.same([spaced.statusCode, spaced.headers['idempotent-replayed']], [201, 'true'], 'whitespace neither')
    t.equal(await requestCount(app, owner), 1)

    // A key stored before bodies were compared as JSON holds the hash of the body's text: its retry still matches.
    const before = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'stored-as-text')
    await app.sql`
      update idempotency_keys set fingerprint = ${textFingerprintOf('POST', '/api/requests', NEW_REQUEST)}
      where user_id = ${owner.user.user.user_id} and key = 'stored-as-text'`
    const retried = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'stored-as-text')
    t.same([retried.status, retried.replayed, retried.body], [201, true, before.body], 'a retry of an older key')
    t.equal(await requestCount(app, owner), 2)
  })

  t.test('parallel calls with one key create one request', async (t) => {
    const owner = await signedIn(app, 'Parallel Owner')
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => keyed(app, owner, '/api/requests', NEW_REQUEST, 'burst')),
    )
    t.same(
      answers.map((a) => a.status),
      Array(8).fill(201),
    )
    t.equal(new Set(answers.map((a) => a.body.request_id)).size, 1, 'every answer names the one request')
    t.equal(answers.filter((a) => !a.replayed).length, 1, 'one did the work, the others replayed it')
    t.equal(await requestCount(app, owner), 1)
  })

  t.test('keys are per user', async (t) => {
    const first = await signedIn(app, 'First Keyholder')
    const second = await signedIn(app, 'Second Keyholder')
    const a = await keyed(app, first, '/api/requests', NEW_REQUEST, 'shared-key')
    const b = await keyed(app, second, '/api/requests', NEW_REQUEST, 'shared-key')
    t.equal(a.status, 201)
    t.equal(b.status, 201)
    t.notOk(b.replayed)
    t.not(a.body.request_id, b.body.request_id)
    t.equal(await requestCount(app, second), 1)
  })

  t.test('malformed keys are refused before anything is done', async (t) => {
    const owner = await signedIn(app, 'Malformed Keys')
    for (const key of ['', 'has space', 'ä-umlaut', 'x'.repeat(101), 'a,b', '"unterminated']) {
      const answer = await keyed(app, owner, '/api/requests', NEW_REQUEST, key)
      t.equal(answer.status, 400, JSON.stringify(key))
      t.equal(answer.body.message, IDEMPOTENCY_ERRORS.badKey)
    }
    t.equal(await requestCount(app, owner), 0)
    const quoted = await keyed(app, owner, '/api/requests', NEW_REQUEST, '"quoted_key-1"')
    t.equal(quoted.status, 201, 'the draft’s quoted form')
    const bare = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'quoted_key-1')
    t.ok(bare.replayed, 'quoted and bare name the same key')
    t.equal((await keyed(app, owner, '/api/requests', NEW_REQUEST, 'k'.repeat(100))).status, 201, '100 characters')
    t.equal(await requestCount(app, owner), 2)
  })

  t.test('the limits count a repeated request once', async (t) => {
    const owner = await signedIn(app, 'Limit Counter')
    for (let i = 0; i < 3; i++) t.equal((await keyed(app, owner, '/api/requests', NEW_REQUEST, 'one')).status, 201)
    t.equal((await keyed(app, owner, '/api/requests', NEW_REQUEST, 'two')).status, 201, 'the second active request')
    const third = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'three')
    t.equal(third.status, 409)
    t.equal(third.body.message, REQUEST_ERRORS.activeLimit)
    t.equal(await requestCount(app, owner), 2)
  })

  t.test('a refused call stores nothing: the same key runs again once it may', async (t) => {
    const owner = await signedIn(app, 'Refused Owner')
    const helper = await signedIn(app, 'Refused Helper')
    const id = (await owner.create()).body.request_id
    const early = await keyed(app, owner, `/api/requests/${id}/messages`, { text: 'Are you near?' }, 'msg-1')
    t.equal(early.status, 409, 'no conversation before a helper takes it over')
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const later = await keyed(app, owner, `/api/requests/${id}/messages`, { text: 'Are you near?' }, 'msg-1')
    t.equal(later.status, 201)
    t.notOk(later.replayed)
  })

  t.test('a repeated message is posted once', async (t) => {
    const { owner, id } = await inProgress(app, 'Message')
    const url = `/api/requests/${id}/messages`
    const answers = await Promise.all([1, 2, 3].map(() => keyed(app, owner, url, { text: 'On the bridge' }, 'm')))
    t.equal(new Set(answers.map((a) => a.body.message_id)).size, 1)
    const again = await keyed(app, owner, url, { text: 'On the bridge' }, 'm')
    t.ok(again.replayed)
    t.same(again.body, answers[0]!.body)
    const [row] = await app.sql<Array<{ n: number }>>`
      select count(*)::int as n from request_messages where request_id = ${id}
    `
    t.equal(row!.n, 1)
  })

  t.test('a repeated thank-you is answered as sent, not "thanked already"', async (t) => {
    const { owner, id } = await inProgress(app, 'Thanks')
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
    const url = `/api/requests/${id}/thanks`
    const first = await keyed(app, owner, url, { text: 'Kiitos!' }, 'thanks-1')
    t.equal(first.status, 201)
    const again = await keyed(app, owner, url, { text: 'Kiitos!' }, 'thanks-1')
    t.equal(again.status, 201)
    t.ok(again.replayed)
    t.same(again.body, first.body)
    const otherKey = await keyed(app, owner, url, { text: 'Kiitos!' }, 'thanks-2')
    t.equal(otherKey.status, 409, 'a new key is a new thank-you: refused as before')
  })

  t.test('keys live 24 hours; housekeeping deletes them', async (t) => {
    const owner = await signedIn(app, 'Old Keys')
    const first = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'old')
    await keyed(app, owner, '/api/requests', NEW_REQUEST, 'purged')
    const userId = owner.user.user.user_id
    await app.sql`
      update idempotency_keys set created_at = now() - interval '24 hours 1 minute' where user_id = ${userId}
    `
    // Past its lifetime but not yet purged, a key is free again.
    t.equal((await owner.send('DELETE', `/api/requests/${first.body.request_id}`)).status, 204)
    const reused = await keyed(app, owner, '/api/requests', NEW_REQUEST, 'old')
    t.equal(reused.status, 201)
    t.notOk(reused.replayed)
    t.not(reused.body.request_id, first.body.request_id)

    t.ok((await purgeIdempotencyKeys(app.sql)) >= 1)
    const left = await app.sql<Array<{ key: string }>>`select key from idempotency_keys where user_id = ${userId}`
    t.same(
      left.map((row) => row.key),
      ['old'],
      'the reused key is new; the expired one is gone',
    )
  })
})

t.test('a fingerprint reads the body as JSON: key order is no part of it at any depth, array order is', async (t) => {
  const body = { a: 1, nested: { x: [{ p: 1, q: 2 }, 'two'], y: null }, z: 'last' }
  const reordered = { z: 'last', nested: { y: null, x: [{ q: 2, p: 1 }, 'two'] }, a: 1 }
  t.ok(fingerprintOf('POST', '/api/x', body).equals(fingerprintOf('POST', '/api/x', reordered)))
  const otherArray = { ...body, nested: { ...body.nested, x: ['two', { p: 1, q: 2 }] } }
  t.notOk(fingerprintOf('POST', '/api/x', body).equals(fingerprintOf('POST', '/api/x', otherArray)))
  t.notOk(fingerprintOf('POST', '/api/x', body).equals(fingerprintOf('POST', '/api/y', body)))
  t.notOk(fingerprintOf('POST', '/api/x', { a: 1 }).equals(fingerprintOf('POST', '/api/x', { a: '1' })))
})
