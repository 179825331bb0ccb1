import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { tempDir, twoInstances } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

type ThanksEvent = ServerEvent & { thanks?: { text: string; owner_name: string; request_id: number } }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

/**
 * Two instances on one PostgreSQL with a local push service: a thank-you sent on A reaches the helper's socket on
 * B (and nobody else's), and the helper's phone as a push in their language.
 */
t.test('a thank-you live across instances and by push', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const { a, b } = await twoInstances(
    t,
    {
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      PUBLIC_URL: 'https://pyoraapu.example',
      LOG_LEVEL: process.env.DEBUG_LOG ?? 'silent',
    },
    { pushCa: service.ca },
  )
  const baseB = await listen(b)
  const [owner, helper, stranger] = await Promise.all([
    signedIn(a, 'Owner'),
    signedIn(a, 'Helper'),
    signedIn(a, 'Stranger'),
  ])
  await a.sql`update users set language = 'swedish' where user_id = ${helper.user.user.user_id}`
  const helperDevice = browserSubscription(service.origin, 'helper-phone')
  t.equal((await helper.send('POST', '/api/subscriptions/subscribe', helperDevice.json)).status, 201)

  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const connect = async (who: Actor) => {
    const socket = await openEvents(baseB, who.user.token)
    sockets.push(socket)
    return socket
  }
  const [helperEvents, strangerEvents, ownerEvents] = [
    await connect(helper),
    await connect(stranger),
    await connect(owner),
  ]

  const id = (await owner.create()).body.request_id
  t.match(await helper.send('PUT', `/api/requests/${id}/addresponder`), { status: 200 })
  t.match(await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 }), { status: 200 })

  const isThanks = (e: ThanksEvent) => e.type === 'thanks.received'
  const started = performance.now()
  t.match(await owner.send('POST', `/api/requests/${id}/thanks`, { text: 'Du räddade min dag!' }), { status: 201 })
  const event = (await helperEvents.next(isThanks)) as ThanksEvent
  t.comment(`thank-you on A to event on B: ${(performance.now() - started).toFixed(1)} ms`)
  t.match(event.thanks, { request_id: id, owner_name: 'Owner', text: 'Du räddade min dag!' })
  const marker = (who: Actor) => async () => {
    const own = (await who.create({ description: 'Marker' })).body.request_id
    return (e: ServerEvent) => e.request?.request_id === own
  }
  t.notOk(await receivedBeforeMarker(strangerEvents, isThanks, marker(stranger)), 'not a stranger')
  t.notOk(await receivedBeforeMarker(ownerEvents, isThanks, marker(owner)), 'not the owner, who sent it')

  const thanksPushes = () =>
    service.received
      .filter((push) => push.id === 'helper-phone')
      .map((push) => ({
        urgency: push.headers.urgency,
        payload: readPush(push, helperDevice),
      }))
      .filter((push) => push.payload.notification.tag.startsWith('thanks-'))
  await waitUntil(() => thanksPushes().length > 0)
  t.same(thanksPushes(), [
    {
      urgency: 'normal',
      payload: {
        web_push: 8030,
        notification: {
          title: 'Tack från Owner',
          body: 'Du räddade min dag!',
          navigate: `https://pyoraapu.example/?request=${id}`,
          tag: `thanks-${id}`,
          lang: 'sv',
        },
      },
    },
  ])
})
