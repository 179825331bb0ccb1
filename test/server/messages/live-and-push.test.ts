import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { tempDir, twoInstances } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

type MessageEvent = ServerEvent & { message?: { text: string; author_name: string; request_id: number } }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * Two instances on one PostgreSQL with a local push service: a message written on A reaches its participants'
 * sockets on B, nobody else's; a participant without an open socket gets a push after the delay, unless they read
 * the message first.
 */
t.test('messages live across instances, and by push when offline', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const { a, b } = await twoInstances(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, PUBLIC_URL: 'https://pyoraapu.example' },
    { pushCa: service.ca },
  )
  const baseB = await listen(b)
  const [owner, helper, stranger, admin] = await Promise.all([
    signedIn(a, 'Owner'),
    signedIn(a, 'Helper'),
    signedIn(a, 'Stranger'),
    signedIn(a, 'Admin', true),
  ])
  await a.sql`update users set language = 'finnish' where user_id = ${helper.user.user.user_id}`
  const helperDevice = browserSubscription(service.origin, 'helper-phone')
  t.equal((await helper.send('POST', '/api/subscriptions/subscribe', helperDevice.json)).status, 201)
  const ownerDevice = browserSubscription(service.origin, 'owner-phone')
  t.equal((await owner.send('POST', '/api/subscriptions/subscribe', ownerDevice.json)).status, 201)

  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const connect = async (who: Actor) => {
    const socket = await openEvents(baseB, who.user.token)
    sockets.push(socket)
    return socket
  }
  const [ownerEvents, strangerEvents, adminEvents] = [
    await connect(owner),
    await connect(stranger),
    await connect(admin),
  ]

  const id = (await owner.create()).body.request_id
  t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  const url = `/api/requests/${id}/messages`
  const jobsOf = async (messageId: string) =>
    (await a.sql<{ n: number }[]>`select count(*)::int as n from push_jobs where message_id = ${messageId}`)[0]!.n
  /** The message pushes a device got (the request's own pushes, its alert and take-over, are not counted). */
  const messagePushesTo = (device: string, browser: typeof helperDevice) =>
    service.received
      .filter((push) => push.id === device)
      .map((push) => ({
        urgency: push.headers.urgency,
        payload: readPush(push, browser),
      }))
      .filter((push) => push.payload.notification.tag.startsWith('message-'))
  /** What the app sends for a `message.created` it showed (web/src/app/live-events.ts). */
  const confirm = (events: EventClient, messageId: string) =>
    events.socket.send(JSON.stringify({ type: 'received', message_id: messageId }))
  const isMessage = (text: string) => (e: MessageEvent) => e.type === 'message.created' && e.message?.text === text

  t.test('written on A, the owner hears of it on B; a stranger and an admin do not', async (t) => {
    const started = performance.now()
    const sent = await helper.send<{ message_id: string }>('POST', url, { text: 'On my way' })
    t.equal(sent.status, 201)
    const event = (await ownerEvents.next(isMessage('On my way'))) as MessageEvent
    t.comment(`message on A to event on B: ${(performance.now() - started).toFixed(1)} ms`)
    t.match(event.message, { request_id: id, author_name: 'Helper', message_id: sent.body.message_id })
    const marker = (who: Actor) => async () => {
      const own = (await who.create({ description: 'Marker' })).body.request_id
      return (e: ServerEvent) => e.request?.request_id === own
    }
    t.notOk(await receivedBeforeMarker(strangerEvents, isMessage('On my way'), marker(stranger)), 'not a stranger')
    t.notOk(await receivedBeforeMarker(adminEvents, isMessage('On my way'), marker(admin)), 'not an admin')
    t.equal(await jobsOf(sent.body.message_id), 1, 'written to an open socket, its push still waits')
    confirm(ownerEvents, sent.body.message_id)
    await waitUntil(async () => (await jobsOf(sent.body.message_id)) === 0)
    t.pass("the owner's app confirmed it: no push waits for them")
  })

  t.test('the helper has no socket: a push after the delay, localised and decryptable', async (t) => {
    const sent = await owner.send<{ message_id: string }>('POST', url, { text: 'What size is your tyre?' })
    const [job] = await a.sql<{ delay: number }[]>`
      select extract(epoch from not_before - created_at)::float8 as delay from push_jobs
      where message_id = ${sent.body.message_id}`
    t.ok(job && job.delay >= 19 && job.delay <= 21, `queued to wait about 20 s (${job?.delay})`)
    // The wait itself is not the test: the job falls due now.
    await a.sql`update push_jobs set not_before = now() where message_id = ${sent.body.message_id}`
    a.push.queue.wake()
    await waitUntil(() => messagePushesTo('helper-phone', helperDevice).length > 0)
    const [push] = messagePushesTo('helper-phone', helperDevice)
    t.equal(push!.urgency, 'high')
    t.same(
      push!.payload,
      {
        web_push: 8030,
        notification: {
          title: 'Viesti käyttäjältä Owner',
          body: 'What size is your tyre?',
          navigate: `https://pyoraapu.example/?request=${id}`,
          tag: `message-${id}`,
          lang: 'fi',
        },
      },
      'a Declarative Web Push message under its own tag, opening the request',
    )
    t.same(messagePushesTo('owner-phone', ownerDevice), [], 'none to the owner, who saw the first message live')
  })

  t.test('read before the delay is over: no push', async (t) => {
    const sent = await owner.send<{ message_id: string }>('POST', url, { text: 'Can you share your exact location?' })
    t.equal(await jobsOf(sent.body.message_id), 1)
    t.equal((await helper.send('PUT', `${url}/read`, { lastReadId: sent.body.message_id })).status, 204)
    t.equal(await jobsOf(sent.body.message_id), 0, 'the waiting push is gone')
  })
  t.test('an open socket that never confirms (a phone that lost its signal): the push goes as due', async (t) => {
    const sent = await helper.send<{ message_id: string }>('POST', url, { text: 'Are you still there?' })
    await ownerEvents.next(isMessage('Are you still there?'))
    t.equal(await jobsOf(sent.body.message_id), 1, 'written to the socket, and still waiting for a receipt')
    await a.sql`update push_jobs set not_before = now() where message_id = ${sent.body.message_id}`
    a.push.queue.wake()
    await waitUntil(() =>
      messagePushesTo('owner-phone', ownerDevice).some(
        (push) => push.payload.notification.body === 'Are you still there?',
      ),
    )
    t.pass('the owner is notified although their socket was written to')
  })

  t.test("receipts cost nothing of a socket's message budget; a receipt of nothing awaited does", async (t) => {
    const ids: string[] = []
    for (let i = 1; i <= 7; i++)
      ids.push((await helper.send<{ message_id: string }>('POST', url, { text: `Quick note ${i}` })).body.message_id)
    await ownerEvents.next(isMessage('Quick note 7'))
    for (const id of ids) confirm(ownerEvents, id)
    await waitUntil(async () => (await Promise.all(ids.map(jobsOf))).every((n) => n === 0))
    t.pass('seven receipts in a row, more than the five messages a socket may send at once')
    // Confirmed already: counted like any other message, and the sixth closes the socket.
    for (const id of ids) confirm(ownerEvents, id)
    t.match(await ownerEvents.closed, { code: 4429 })
  })
})
