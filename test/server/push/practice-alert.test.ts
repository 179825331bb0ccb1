import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { PUSH_ERRORS } from '../../../server/push/errors.ts'
import { purgeReceipts, RECEIPT_DAYS } from '../../../server/push/receipts.ts'
import { bearer } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * "Send me a practice alert" (docs/live-and-push.md, "Practice alert"), through the real queue, real encryption and
 * the local push service: the limit with a parallel burst, the push as the phone decrypts it, its receipt, and
 * what Settings reads afterwards.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const confirm = (app: FastifyInstance, receipt: string) =>
  app.inject({ method: 'POST', url: `/api/push/receipts/${receipt}` })

t.test('practice alert: 401, 409 without a subscription, 3 an hour, a push that carries its send time', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, PUBLIC_URL: 'https://pyoraapu.example' },
    { pushCa: service.ca },
  )
  const practice = (token?: string) =>
    app.inject({ method: 'POST', url: '/api/user/test-alert', headers: token ? bearer(token) : {} })

  t.equal((await practice()).statusCode, 401, 'no session')
  const user = await signedIn(app, 'Practiser')
  const without = await practice(user.user.token)
  t.equal(without.statusCode, 409)
  t.equal(without.json<{ message: string }>().message, PUSH_ERRORS.practiceNoSubscription)

  await user.send('PUT', '/api/user/language', { language: 'finnish' })
  const device = browserSubscription(service.origin, 'practiser')
  t.equal((await user.send('POST', '/api/subscriptions/subscribe', { subscription: device.json })).status, 201)
  const before = Date.now()
  const answers = await Promise.all(Array.from({ length: 6 }, () => practice(user.user.token)))
  const statuses = answers.map((a) => a.statusCode)
  t.equal(statuses.filter((s) => s === 202).length, 3, `three 202 (${statuses.join(' ')})`)
  t.equal(statuses.filter((s) => s === 429).length, 3, 'the rest 429')
  const refused = answers.find((a) => a.statusCode === 429)!
  t.equal(refused.json<{ message: string }>().message, PUSH_ERRORS.practiceTooOften)
  const retryAfter = Number(refused.headers['retry-after'])
  t.ok(retryAfter > 3500 && retryAfter <= 3600, `Retry-After: ${retryAfter}`)
  t.same(answers.find((a) => a.statusCode === 202)!.json(), { devices: 1 })

  await waitUntil(() => service.received.filter((p) => p.id === 'practiser').length === 3)
  await app.push.idle()
  const pushed = readPush(
    service.received.find((p) => p.id === 'practiser')!,
    device,
  )
  t.match(pushed, {
    mutable: true,
    receipt: UUID,
    notification: { title: 'Harjoitushälytys: tältä avunpyyntö näyttää', tag: 'practice', lang: 'fi' },
  })
  const sentAt = Number(/^https:\/\/pyoraapu\.example\/\?practice=(\d+)$/.exec(pushed.notification.navigate)?.[1])
  t.ok(sentAt >= before && sentAt <= Date.now(), 'navigate carries the time it was sent')

  const check = async () =>
    (await user.get(`/api/subscriptions/check-subscription?endpoint=${encodeURIComponent(device.json.endpoint)}`))
      .body as unknown as { isSubscribed: boolean; lastReachedAt: string | null }
  t.same(await check(), { isSubscribed: true, lastReachedAt: null }, 'never reached yet')
  t.equal((await confirm(app, pushed.receipt!)).statusCode, 204)
  const checked = await check()
  t.ok(checked.lastReachedAt && Date.parse(checked.lastReachedAt) >= before, 'Settings reads when it last reached')

  // Subscribing the browser again proves the app runs there: a stale device is fresh again.
  await app.sql`update push_subscriptions set unconfirmed_in_a_row = 7 where endpoint = ${device.json.endpoint}`
  t.equal((await user.send('POST', '/api/subscriptions/subscribe', { subscription: device.json })).status, 201)
  const [again] = await app.sql<{ n: number }[]>`
    select unconfirmed_in_a_row as n from push_subscriptions where endpoint = ${device.json.endpoint}`
  t.equal(again!.n, 0, 'subscribed again: fresh')

  // Housekeeping: receipts and practice asks go after RECEIPT_DAYS, the recent ones stay.
  await app.sql`
    update push_receipts set queued_at = now() - make_interval(days => ${RECEIPT_DAYS}, hours => 1)
    where receipt = ${pushed.receipt!}::uuid`
  await app.sql`
    update practice_alerts set asked_at = now() - make_interval(days => ${RECEIPT_DAYS}, hours => 1)
    where asked_at = (select min(asked_at) from practice_alerts)`
  t.equal(await purgeReceipts(app.sql), 2, 'one receipt and one ask were old enough')
  t.equal((await confirm(app, pushed.receipt!)).statusCode, 404, 'a purged receipt is unknown')
  const [kept] = await app.sql<{ receipts: number; asks: number }[]>`
    select (select count(*)::int from push_receipts) as receipts, (select count(*)::int from practice_alerts) as asks`
  t.same(kept, { receipts: 2, asks: 2 }, 'the recent ones stay')
})
