import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type Actor } from '../../requests.ts'
import { browserSubscription, readPush, startPushService, verifyVapid } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 }
const TAMPERE = { latitude: 61.4978, longitude: 23.761 }

t.test('web push', async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { DATA_DIR: dataDir, PUSH_ENDPOINT_HOSTS: service.allowlistEntry, PUBLIC_URL: 'https://pyoraapu.example/' },
    { pushCa: service.ca },
  )
  const publicKey = (await app.inject({ url: '/api/config' })).json<{ vapidPublicKey: string }>().vapidPublicKey

  const subscribed = async (name: string, where: typeof HELSINKI, language: string) => {
    const who = await signedIn(app, name)
    await who.send('PUT', '/api/user/location', where)
    await who.send('PUT', '/api/user/language', { language })
    const browser = browserSubscription(service.origin, name.replace(/\W/g, '').toLowerCase())
    t.equal((await who.send('POST', '/api/subscriptions/subscribe', { subscription: browser.json })).status, 201)
    return { who, browser, id: name.replace(/\W/g, '').toLowerCase() }
  }
  const pushesTo = (id: string) => service.received.filter((p) => p.id === id)

  t.test('subscribe, check, unsubscribe (several devices per user)', async (t) => {
    const who: Actor = await signedIn(app, 'Devices')
    const phone = browserSubscription(service.origin, 'devices-phone')
    const laptop = browserSubscription(service.origin, 'devices-laptop')
    const check = async (endpoint: string) =>
      (await who.get(`/api/subscriptions/check-subscription?endpoint=${encodeURIComponent(endpoint)}`)).body
        .isSubscribed
    t.equal(await check(phone.json.endpoint), false)
    t.equal((await who.send('POST', '/api/subscriptions/subscribe', { subscription: phone.json })).status, 201)
    t.equal(
      (await who.send('POST', '/api/subscriptions/subscribe', laptop.json)).status,
      201,
      'a bare PushSubscription too',
    )
    t.equal(await check(phone.json.endpoint), true)
    t.equal(await check(laptop.json.endpoint), true)
    await who.send('POST', '/api/subscriptions/unsubscribe', { endpoint: phone.json.endpoint })
    t.equal(await check(phone.json.endpoint), false)
    t.equal(await check(laptop.json.endpoint), true)
    t.equal(
      (
        await who.send('POST', '/api/subscriptions/subscribe', {
          subscription: { endpoint: 'http://insecure/x', keys: { p256dh: 'a', auth: 'b' } },
        })
      ).status,
      400,
    )
  })

  t.test('a new request pushes to subscribers within their radius, encrypted and signed', async (t) => {
    const owner = await subscribed('Owner Push', HELSINKI, 'english')
    const near = await subscribed('Near Push', HELSINKI, 'finnish')
    const far = await subscribed('Far Push', TAMPERE, 'swedish')
    const created = await owner.who.create({ ...HELSINKI, description: 'Ketju katkesi sillan luona' })
    await app.push.idle()

    t.equal(pushesTo(owner.id).length, 0, 'never to the owner')
    t.equal(pushesTo(far.id).length, 0, 'not outside the radius')
    const [push] = pushesTo(near.id)
    t.ok(push, 'the neighbour got one')
    t.equal(push!.headers['content-encoding'], 'aes128gcm')
    t.equal(push!.headers.urgency, 'high')
    t.equal(push!.headers.ttl, '3600')
    const message = readPush(push!, near.browser)
    const { receipt, ...rest } = message
    t.match(receipt, /^[0-9a-f-]{36}$/, 'the token its worker confirms it with (docs/adr/0016-alert-receipts.md)')
    t.same(
      rest,
      {
        web_push: 8030,
        mutable: true,
        notification: {
          title: 'Lähistöllä tarvitaan apua',
          body: 'Pyörän korjaus: Ketju katkesi sillan luona',
          navigate: `https://pyoraapu.example/?request=${created.body.request_id}`,
          tag: `request-${created.body.request_id}`,
          lang: 'fi',
        },
      },
      "a Declarative Web Push message, decrypted with the subscription's private key, in the recipient's language",
    )
    t.ok(Buffer.byteLength(JSON.stringify(message)) < 1024, 'payload under 1 KB')
    const vapid = verifyVapid(push!.headers.authorization as string, publicKey)
    t.equal(vapid.aud, service.origin)
    t.equal(vapid.sub, 'mailto:support@pyoraapu.fi')
    t.ok(vapid.exp * 1000 > Date.now())

    await near.who.send('PUT', `/api/requests/${created.body.request_id}/addresponder`)
    await app.push.idle()
    const [taken] = pushesTo(owner.id)
    t.match(
      readPush(taken!, owner.browser),
      {
        web_push: 8030,
        notification: {
          title: 'Help is on the way',
          body: 'Near Push is working on your request.',
          navigate: `https://pyoraapu.example/?request=${created.body.request_id}`,
          tag: `request-${created.body.request_id}`,
          lang: 'en',
        },
      },
      'the owner hears of the take-over under the same tag',
    )
    t.equal(taken!.headers.urgency, 'normal')
    await owner.who.send('DELETE', `/api/requests/${created.body.request_id}`)
  })

  t.test('410 deletes the subscription; 429 is retried after Retry-After', async (t) => {
    const owner = await subscribed('Owner Gone', HELSINKI, 'english')
    const gone = await subscribed('Gone', HELSINKI, 'english')
    const slow = await subscribed('Slow', HELSINKI, 'english')
    service.answers.set(gone.id, { status: 410 })
    service.answers.set(slow.id, { status: 429, headers: { 'retry-after': '1' } })
    await owner.who.create({ ...HELSINKI })
    await waitUntil(() => pushesTo(slow.id).length > 0)
    service.answers.delete(slow.id)
    await app.push.idle()
    const [left] = await app.sql<{ n: number }[]>`
      select count(*)::int as n from push_subscriptions where endpoint = ${gone.browser.json.endpoint}`
    t.equal(left!.n, 0, 'the gone subscription was removed')
    t.equal(pushesTo(slow.id).length, 2, 'the slowed-down push was sent again')
    const [kept] = await app.sql<{ sent: boolean }[]>`
      select last_sent_at is not null as sent from push_subscriptions where endpoint = ${slow.browser.json.endpoint}`
    t.equal(kept!.sent, true)
  })
})
