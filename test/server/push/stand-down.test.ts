import t from 'tap'
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import { type Actor } from '../../requests.ts'
import { waitUntil } from '../../wait.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * The stand-down (docs/product.md#live-updates-and-push): everyone pushed about a new request, in every wave, is told
 * when it is taken over, completed or deleted, under the same notification tag (the phone replaces the alert),
 * silently, once.
 */

interface Seen {
  device: string
  title: string
  tag: string
  silent: boolean
}

t.test('stand-down reaches every wave alerted, with the alert`s tag', async (t) => {
  const dataDir = tempDir(t)
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(
    t,
    {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 2,
      ALERT_MAX_RECIPIENTS: 200,
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const helpers: Helper[] = []
  for (let km = 1; km <= 5; km++) {
    helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km, 90), radius: 20 }))
  }
  const finnish = await placeUser(app.sql, service.origin, {
    at: away(HELSINKI, 6, 90),
    radius: 20,
    language: 'finnish',
  })
  const devices = new Map([...helpers, finnish].map((h) => [h.id, h]))
  const seen = (since: number): Seen[] =>
    service.received.slice(since).map((push) => {
      const { notification } = readPush(push, devices.get(push.id)!.browser)
      return { device: push.id, title: notification.title, tag: notification.tag, silent: notification.silent === true }
    })
  const escalate = async (app: FastifyInstance) => {
    await app.sql`update push_waves set due_at = now()`
    app.push.queue.wake()
    await app.push.idle()
  }

  /** A new request near the helpers, alerted in two waves (2, then 2 more): answers it and who was alerted. */
  const alertedTwice = async (owner: Actor) => {
    const created = await owner.create({ ...HELSINKI })
    t.equal(created.status, 201)
    await app.push.idle()
    await escalate(app)
    const id = created.body.request_id
    const alerted = await app.sql<{ user_id: number; wave: number }[]>`
      select user_id, wave from push_alerts where request_id = ${id} order by user_id`
    t.same(alerted.map((a) => a.wave).sort(), [1, 1, 2, 2], 'alerted in two waves')
    return { id, devices: alerted.map((a) => [...devices.values()].find((h) => h.userId === a.user_id)!.id).sort() }
  }

  await t.test('completed: every wave hears "No longer needed", silently, under the same tag', async (t) => {
    const owner = await signedIn(app, 'Stand Owner')
    const { id, devices: alerted } = await alertedTwice(owner)
    const since = service.received.length
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 0 })).status, 200)
    await app.push.idle()
    t.same(
      seen(since).sort((a, b) => a.device.localeCompare(b.device)),
      alerted.map((device) => ({ device, title: 'No longer needed', tag: `request-${id}`, silent: true })),
    )
    const [left] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_alerts where request_id = ${id}`
    t.equal(left!.n, 0, 'who was alerted is forgotten once told')
  })

  await t.test('taken over: "Someone is already helping" to all but the one who helps', async (t) => {
    const owner = await signedIn(app, 'Taken Owner')
    // The nearest helper has an account to take the request over with, and a phone that is alerted.
    const taker = await signedIn(app, 'Taker')
    const takerDevice = browserSubscription(service.origin, 'taker')
    const takerId = taker.user.user.user_id
    const at = away(HELSINKI, 0.5, 90)
    await app.sql`
      update users set latitude = ${at.latitude}, longitude = ${at.longitude}, radius = 20 where user_id = ${takerId}`
    await app.sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      values (${takerDevice.json.endpoint}, ${takerId}, ${takerDevice.json.keys.p256dh}, ${takerDevice.json.keys.auth})`
    devices.set('taker', { userId: takerId, id: 'taker', browser: takerDevice })
    const { id, devices: alerted } = await alertedTwice(owner)
    t.ok(alerted.includes('taker'), 'the taker was alerted too')
    const since = service.received.length
    t.equal((await taker.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    await app.push.idle()
    t.same(
      seen(since)
        .map((s) => `${s.device}: ${s.title} (${s.tag})`)
        .sort(),
      alerted
        .filter((device) => device !== 'taker')
        .map((device) => `${device}: Someone is already helping (request-${id})`),
    )
    const releasedSince = service.received.length
    t.equal((await taker.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    // The release resumes the search: its next wave alerts helpers not alerted before (docs/live-and-push.md).
    await app.push.idle()
    const resumed = seen(releasedSince)
    t.ok(resumed.length > 0, 'the search went on after the release')
    t.same(
      resumed.filter((s) => alerted.includes(s.device)),
      [],
      'nobody alerted before the take-over is alerted again, the taker included',
    )
    const completedSince = service.received.length
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 0 })).status, 200)
    await app.push.idle()
    t.same(
      seen(completedSince)
        .map((s) => `${s.device}: ${s.tag}${s.silent ? ' (silent)' : ''}`)
        .sort(),
      resumed.map((s) => `${s.device}: request-${id} (silent)`).sort(),
      'told once: the completion stands down only those alerted since the take-over',
    )
  })

  await t.test('deleted, and in the helper`s language', async (t) => {
    const owner = await signedIn(app, 'Deleted Owner')
    const created = await owner.create({ ...HELSINKI })
    const id = created.body.request_id
    await app.push.idle()
    // Every wave until everyone within reach is alerted, the Finnish speaker too.
    for (let i = 0; i < 3; i++) await escalate(app)
    const [alerted] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from push_alerts where request_id = ${id}`
    const since = service.received.length
    t.equal((await owner.send('DELETE', `/api/requests/${id}`)).status, 204)
    await app.push.idle()
    const told = seen(since)
    t.equal(told.length, alerted!.n, `all ${alerted!.n} alerted`)
    t.same(
      told.find((s) => s.device === finnish.id),
      { device: finnish.id, title: 'Apua ei enää tarvita', tag: `request-${id}`, silent: true },
    )
  })

  await t.test('the owner deletes the account: their open request stands its helpers down', async (t) => {
    const owner = await signedIn(app, 'Leaving Owner')
    const { id, devices: alerted } = await alertedTwice(owner)
    const since = service.received.length
    t.equal((await owner.send('DELETE', '/api/user')).status, 204)
    await app.push.idle()
    t.same(
      seen(since)
        .map((s) => `${s.device}: ${s.title} (${s.tag})`)
        .sort(),
      alerted.map((device) => `${device}: No longer needed (request-${id})`),
    )
  })

  await t.test(
    'a take-over while a wave is being sent waits for it and stands its helpers down (no deadlock)',
    async (t) => {
      const owner = await signedIn(app, 'Racing Owner')
      const taker = await signedIn(app, 'Racing Taker')
      const created = await owner.create({ ...HELSINKI })
      const id = created.body.request_id
      await app.push.idle()
      const [late] = helpers.slice(-1)
      await app.sql`delete from push_alerts where request_id = ${id} and user_id = ${late!.userId}`
      // A wave of this request in flight on another connection: it holds the wave's row, as runDueWave does...
      const other = postgres(databaseUrl, { max: 1, onnotice: () => {} })
      t.teardown(() => other.end())
      let takeOver: Promise<{ status: number }> | undefined
      await other.begin(async (wave) => {
        await wave`insert into push_waves (request_id) values (${id}) on conflict do nothing`
        await wave`select 1 from push_waves where request_id = ${id} for update`
        const [{ pid }] = await wave<[{ pid: number }]>`select pg_backend_pid() as pid`
        // ...the take-over starts now, locks the request and the taker, and waits for the wave's row...
        takeOver = taker.send('PUT', `/api/requests/${id}/addresponder`)
        await waitUntil(async () => {
          const [blocked] = await app.sql<{ n: number }[]>`
            select count(*)::int as n from pg_stat_activity where ${pid}::int = any(pg_blocking_pids(pid))`
          return blocked!.n > 0
        })
        // ...while the wave records an alert of the taker and one more helper (foreign keys to both locked rows).
        await wave`
        insert into push_alerts (request_id, user_id, wave)
        values (${id}, ${late!.userId}, 2), (${id}, ${taker.user.user.user_id}, 2)`
      })
      const since = service.received.length
      t.equal((await takeOver!).status, 200, 'the take-over went through once the wave committed')
      await app.push.idle()
      t.ok(
        seen(since).some(
          (s) => s.device === late!.id && s.tag === `request-${id}` && s.title === 'Someone is already helping',
        ),
        'the helper that wave alerted was stood down too',
      )
      // Kept, marked as told, for a let-go's later waves to skip (docs/live-and-push.md, "When a helper lets go").
      const [left] = await app.sql<{ untold: number }[]>`
        select count(*) filter (where stood_down_at is null)::int as untold from push_alerts where request_id = ${id}`
      t.equal(left!.untold, 0, 'every alert is marked as told')
    },
  )
})
