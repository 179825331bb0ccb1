import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { HELSINKI } from '../../push-helpers.ts'
import { browserSubscription, readPush, startPushService, type ReceivedPush } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'
import { withPublicOrigin } from '../../../server/push/declarative.ts'

/**
 * Every push the server sends is a Declarative Web Push message (docs/adr/0007-declarative-web-push.md): Safari on
 * iPhone and iPad shows it by itself only when it has that shape, with an absolute `navigate`. One request's whole
 * life through the real queue, real encryption and the local push service: the alert, its stand-down under the same
 * tag, the owner's news, a message and a thank-you, each decrypted as the phone would and read whole, with the
 * Urgency header it went with.
 */
t.test('every push is a declarative message, with its urgency', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, PUBLIC_URL: 'https://pyoraapu.example' },
    { pushCa: service.ca },
  )
  const person = async (name: string, language: 'english' | 'finnish' | 'swedish') => {
    const who = await signedIn(app, name)
    await who.send('PUT', '/api/user/location', HELSINKI)
    await who.send('PUT', '/api/user/language', { language })
    const device = browserSubscription(service.origin, name.toLowerCase())
    t.equal((await who.send('POST', '/api/subscriptions/subscribe', { subscription: device.json })).status, 201)
    /** The pushes this person's phone got, decrypted, with the urgency each was sent with. */
    const received = () =>
      service.received
        .filter((push: ReceivedPush) => push.id === name.toLowerCase())
        .map((push) => ({ urgency: push.headers.urgency, ttl: push.headers.ttl, ...readPush(push, device) }))
    return { who, received }
  }
  const owner = await person('Owner', 'english')
  const helper = await person('Helper', 'finnish')
  const bystander = await person('Bystander', 'swedish')

  const created = await owner.who.create({ ...HELSINKI, description: 'Flat tyre by the bridge' })
  const id = created.body.request_id
  const opens = `https://pyoraapu.example/?request=${id}`
  await app.push.idle()
  const [alert] = bystander.received()
  t.match(alert?.receipt, /^[0-9a-f-]{36}$/, 'an alert asks for a receipt (docs/adr/0016-alert-receipts.md)')
  t.same(
    alert,
    {
      urgency: 'high',
      ttl: '3600',
      web_push: 8030,
      mutable: true,
      receipt: alert?.receipt,
      notification: {
        title: 'Någon i närheten behöver hjälp',
        body: 'Cykelreparation: Flat tyre by the bridge',
        navigate: opens,
        tag: `request-${id}`,
        lang: 'sv',
      },
    },
    'the alert: high urgency, an absolute navigate on PUBLIC_URL, the request`s tag',
  )
  t.equal(helper.received().length, 1, 'the helper was alerted too')

  t.equal((await helper.who.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
  await app.push.idle()
  const [, standDown] = bystander.received()
  t.same(
    standDown,
    {
      urgency: 'normal',
      ttl: '3600',
      web_push: 8030,
      notification: {
        title: 'Någon hjälper redan',
        body: 'Cykelreparation: Flat tyre by the bridge',
        navigate: opens,
        tag: alert!.notification.tag,
        lang: 'sv',
        silent: true,
      },
    },
    'the stand-down: the alert`s own tag, so the phone replaces the alert; silent',
  )
  t.match(
    owner.received(),
    [{ urgency: 'normal', web_push: 8030, notification: { title: 'Help is on the way', navigate: opens } }],
    'the owner hears who took it',
  )

  const sent = await helper.who.send<{ message_id: string }>('POST', `/api/requests/${id}/messages`, {
    text: 'Olen tulossa',
  })
  t.equal(sent.status, 201)
  // The owner has no live socket here, so the push is due after its short wait; the wait is not the test.
  await app.sql`update push_jobs set not_before = now() where message_id = ${sent.body.message_id}`
  app.push.wake()
  await waitUntil(() => owner.received().length === 2)
  t.same(
    owner.received()[1],
    {
      urgency: 'high',
      ttl: '3600',
      web_push: 8030,
      notification: {
        title: 'Message from Helper',
        body: 'Olen tulossa',
        navigate: opens,
        tag: `message-${id}`,
        lang: 'en',
      },
    },
    'a message: high urgency, its own tag',
  )

  t.equal((await owner.who.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 1 })).status, 200)
  t.equal((await owner.who.send('POST', `/api/requests/${id}/thanks`, { text: 'Kiitos paljon!' })).status, 201)
  await app.push.idle()
  t.same(
    helper.received().slice(1),
    [
      {
        urgency: 'normal',
        ttl: '86400',
        web_push: 8030,
        notification: {
          title: 'Kiitos avustasi!',
          body: 'Pyyntö, jossa autoit (Pyörän korjaus), on valmis.',
          navigate: opens,
          tag: `request-${id}`,
          lang: 'fi',
        },
      },
      {
        urgency: 'normal',
        ttl: '86400',
        web_push: 8030,
        notification: {
          title: 'Kiitos käyttäjältä Owner',
          body: 'Kiitos paljon!',
          navigate: opens,
          tag: `thanks-${id}`,
          lang: 'fi',
        },
      },
    ],
    'the helper hears of the completion and gets the thank-you, each under its tag',
  )
})

t.test('the worker makes navigate absolute, and sends a payload of an earlier release as it is', async (t) => {
  const queued = JSON.stringify({ web_push: 8030, notification: { title: 'x', navigate: '/?request=3', tag: 't' } })
  t.same(JSON.parse(withPublicOrigin(queued, 'https://apu.example')), {
    web_push: 8030,
    notification: { title: 'x', navigate: 'https://apu.example/?request=3', tag: 't' },
  })
  const flat = JSON.stringify({ title: 'x', body: 'y', url: '/?request=3', tag: 'request-3' })
  t.equal(withPublicOrigin(flat, 'https://apu.example'), flat, 'the flat shape of earlier releases')
  t.equal(withPublicOrigin('not json', 'https://apu.example'), 'not json')
})
