import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { PUSH_ERRORS } from '../../../server/push/errors.ts'
import { claimDue, STALE_AFTER_UNCONFIRMED } from '../../../server/push/jobs.ts'
import { runDueWaves } from '../../../server/push/waves.ts'
import { openEvents, type EventClient, type ServerEvent } from '../../event-client.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { browserSubscription, readPush, startPushService, type ReceivedPush } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * Receipts of alerts (docs/live-and-push.md, "Receipts"; docs/adr/0016-alert-receipts.md), through the real queue,
 * real encryption and the local push service: what the phone decrypts carries the token its worker confirms.
 */

type Progress = { alerted: number; reached: number; opened: number }
type Device = Pick<ReturnType<typeof browserSubscription>, 'ecdh' | 'auth'>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const confirm = (app: FastifyInstance, receipt: string) =>
  app.inject({ method: 'POST', url: `/api/push/receipts/${receipt}` })

t.test('receipts: an alert carries a token; its receipt counts the user as reached, once', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, ALERT_FIRST_WAVE: 3, ALERT_ESCALATE_AFTER: 3600 },
    { pushCa: service.ca },
  )
  const baseUrl = await listen(app)
  const helpers: Helper[] = []
  for (let km = 1; km <= 3; km++) {
    helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km, 90), radius: 20 }))
  }
  // The first helper has a second phone.
  const second = browserSubscription(service.origin, `${helpers[0]!.id}-second`)
  await app.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${second.json.endpoint}, ${helpers[0]!.userId}, ${second.json.keys.p256dh}, ${second.json.keys.auth})
  `
  const owner = await signedIn(app, 'Receipt Owner')
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const ownerEvents = await openEvents(baseUrl, owner.user.token)
  sockets.push(ownerEvents)
  await ownerEvents.next((e) => e.type === 'ready')

  const created = await owner.create({ ...HELSINKI })
  t.equal(created.status, 201)
  const id = created.body.request_id
  await app.push.idle()
  const pushOf = (deviceId: string, device: Device) => {
    const push = service.received.find((p: ReceivedPush) => p.id === deviceId)
    if (!push) throw new Error(`no push reached ${deviceId}`)
    return readPush(push, device)
  }
  const alerts = [...helpers.map((h) => pushOf(h.id, h.browser)), pushOf(`${helpers[0]!.id}-second`, second)]
  for (const alert of alerts) {
    t.match(alert.receipt, UUID, 'the alert carries a receipt token')
    t.equal(alert.mutable, true, 'and is mutable, so that Safari runs the worker that confirms it')
    t.equal(alert.notification.tag, `request-${id}`)
  }
  t.equal(new Set(alerts.map((a) => a.receipt)).size, 4, 'a token per push, none shared')
  const progress = async () => (await owner.get(`/api/requests/${id}/progress`)).body as unknown as Progress
  t.match(await progress(), { alerted: 3, reached: 0 }, 'sent is not reached')
  const unconfirmed = async () =>
    (
      await app.sql<{ n: number }[]>`
        select unconfirmed_in_a_row as n from push_subscriptions where endpoint = ${helpers[1]!.browser.json.endpoint}
      `
    )[0]!.n
  t.equal(await unconfirmed(), 1, 'a sent alert counts as unconfirmed until its receipt')

  await t.test('a receipt: 204, the owner hears reached live, the device is confirmed', async (t) => {
    const answer = await confirm(app, alerts[1]!.receipt!)
    t.equal(answer.statusCode, 204)
    t.equal(answer.body, '')
    const isReached = (n: number) => (e: ServerEvent & { progress?: Progress }) =>
      e.type === 'request.progress' && e.request_id === id && e.progress?.reached === n
    await ownerEvents.next(isReached(1))
    t.match(await progress(), { alerted: 3, reached: 1 })
    t.equal(await unconfirmed(), 0, 'the receipt started the count again')
    const [device] = await app.sql<{ last_reached_at: Date | null }[]>`
      select last_reached_at from push_subscriptions where endpoint = ${helpers[1]!.browser.json.endpoint}
    `
    t.ok(device!.last_reached_at, 'the device knows when an alert last reached it')
  })

  await t.test('idempotent: a repeat is 204 and counts nothing more', async (t) => {
    const answers = await Promise.all([confirm(app, alerts[1]!.receipt!), confirm(app, alerts[1]!.receipt!)])
    t.same(
      answers.map((a) => a.statusCode),
      [204, 204],
    )
    t.match(await progress(), { reached: 1 })
  })

  await t.test('two phones of one helper count that helper once', async (t) => {
    t.equal((await confirm(app, alerts[0]!.receipt!)).statusCode, 204)
    t.equal((await confirm(app, alerts[3]!.receipt!)).statusCode, 204)
    t.match(await progress(), { alerted: 3, reached: 2 }, 'distinct users, not devices')
    t.equal((await confirm(app, alerts[2]!.receipt!)).statusCode, 204)
    await ownerEvents.next(
      (e: ServerEvent & { progress?: Progress }) => e.type === 'request.progress' && e.progress?.reached === 3,
    )
    t.match(await progress(), { alerted: 3, reached: 3 })
  })

  await t.test('an unknown token is 404, a malformed one 400, both with a message', async (t) => {
    const unknown = await confirm(app, '7d3f1a52-9c1e-4f0b-8a44-2b6f0d9e1c35')
    t.equal(unknown.statusCode, 404)
    t.equal(unknown.json<{ message: string }>().message, PUSH_ERRORS.unknownReceipt)
    for (const bad of ['abc', '7D3F1A52-9C1E-4F0B-8A44-2B6F0D9E1C35', `${alerts[0]!.receipt!}0`, '%00']) {
      const answer = await confirm(app, bad)
      t.equal(answer.statusCode, 400, `malformed: ${bad}`)
      t.type(answer.json<{ message: string }>().message, 'string')
    }
    t.match(await progress(), { reached: 3 }, 'nothing counted')
  })
})

t.test(
  'stale devices: 5 unconfirmed alerts make one stale, a receipt makes it fresh; stale alerts go last',
  async (t) => {
    const service = await startPushService(tempDir(t))
    t.teardown(() => service.close())
    const settings = { firstWave: 10, escalateAfter: 3600, maxRecipients: 200 }
    const app = await buildTestApp(
      t,
      {
        PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
        ALERT_FIRST_WAVE: settings.firstWave,
        ALERT_ESCALATE_AFTER: settings.escalateAfter,
      },
      { pushCa: service.ca },
    )
    const helper = await placeUser(app.sql, service.origin, { at: away(HELSINKI, 1, 0), radius: 20 })
    const device = helper.browser.json.endpoint
    const state = async () =>
      (
        await app.sql<{ unconfirmed_in_a_row: number }[]>`
        select unconfirmed_in_a_row from push_subscriptions where endpoint = ${device}
      `
      )[0]!.unconfirmed_in_a_row
    const owners = await Promise.all([1, 2, 3].map((n) => signedIn(app, `Stale Owner ${n}`)))
    const receipts: string[] = []
    for (let n = 0; n < STALE_AFTER_UNCONFIRMED; n++) {
      t.equal((await owners[Math.floor(n / 2)]!.create({ ...HELSINKI })).status, 201)
      await waitUntil(() => service.received.filter((p) => p.id === helper.id).length === n + 1)
      await app.push.idle()
      const push = service.received.filter((p) => p.id === helper.id)[n]!
      receipts.push(readPush(push, helper.browser).receipt!)
    }
    t.equal(await state(), STALE_AFTER_UNCONFIRMED, 'five alerts sent, none confirmed: stale')

    await t.test('a stale device`s alert is claimed after every fresh one', async (t) => {
      // A second instance on this database that sends nothing: the claim order is read as the worker would take it.
      const quiet = await buildTestApp(
        t,
        { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, ALERT_FIRST_WAVE: settings.firstWave },
        { pushCa: service.ca, pushWorker: { worker: false } },
      )
      const fresh: Helper[] = []
      for (let km = 2; km <= 6; km++) {
        fresh.push(await placeUser(quiet.sql, service.origin, { at: away(HELSINKI, km, 180), radius: 20 }))
      }
      const stale = await placeUser(quiet.sql, service.origin, { at: away(HELSINKI, 1, 180), radius: 20 })
      await quiet.sql`
      update push_subscriptions set unconfirmed_in_a_row = ${STALE_AFTER_UNCONFIRMED}
      where endpoint = ${stale.browser.json.endpoint}
    `
      const owner = await signedIn(quiet, 'Quiet Owner')
      t.equal((await owner.create({ ...HELSINKI })).status, 201)
      t.equal(await runDueWaves(quiet.sql, settings), 6, 'the nearest (stale) and five fresh helpers')
      // A worker with five free slots takes the five fresh ones; the stale one waits for the next free slot.
      const claim = async () => (await claimDue(quiet.sql, 5, 60)).map((job) => job.subscription.endpoint).sort()
      t.same(await claim(), fresh.map((h) => h.browser.json.endpoint).sort(), 'the fresh devices first')
      t.same(await claim(), [stale.browser.json.endpoint], 'the nearest helper`s stale device after them')
    })

    await t.test('a receipt makes the device fresh again', async (t) => {
      t.equal((await confirm(app, receipts[0]!)).statusCode, 204, 'even an old alert`s receipt')
      t.equal(await state(), 0)
      t.equal((await owners[2]!.create({ ...HELSINKI })).status, 201)
      await waitUntil(() => service.received.filter((p) => p.id === helper.id).length === STALE_AFTER_UNCONFIRMED + 1)
      await app.push.idle()
      t.equal(await state(), 1, 'the new alert is unconfirmed, counted from the receipt')
    })
  },
)
