import t, { type Test } from 'tap'
import postgres from 'postgres'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../../server/config.ts'
import { claimDue } from '../../../server/push/jobs.ts'
import { MAX_ATTEMPTS, type PushWorkerOptions } from '../../../server/push/queue.ts'
import { runDueWave, runDueWaves } from '../../../server/push/waves.ts'
import { buildServer } from '../../../server/server.ts'
import { createTestDatabase, tempDir, testConfig } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { readPush, startPushService } from '../../push-service.ts'
import { waitUntil } from '../../wait.ts'
import { signedIn } from '../../signed-in.ts'

type PushService = Awaited<ReturnType<typeof startPushService>>

/** An instance on a given database; `close` ends it early (a restart), teardown closes it otherwise. */
async function instance(
  t: Test,
  databaseUrl: string,
  service: PushService,
  overrides: Partial<Config> = {},
  pushWorker?: PushWorkerOptions,
): Promise<FastifyInstance> {
  const config = testConfig(t, { DATABASE_URL: databaseUrl, PUSH_ENDPOINT_HOSTS: service.allowlistEntry, ...overrides })
  const app = buildServer(config, { pushCa: service.ca, ...(pushWorker ? { pushWorker } : {}) })
  t.teardown(() => app.close())
  await app.ready()
  return app
}

async function helpersAround(app: FastifyInstance, service: PushService, count: number): Promise<Helper[]> {
  const helpers: Helper[] = []
  for (let km = 1; km <= count; km++) {
    helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km / 2, km * 40), radius: 100 }))
  }
  return helpers
}

t.test('a restart loses nothing: queued pushes, scheduled waves and claims of a crashed worker', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)

  // The first instance queues but stops before sending anything (no worker: as if it died right after the commit).
  const first = await instance(t, databaseUrl, service, { DATA_DIR: dataDir }, { worker: false })
  const helpers = await helpersAround(first, service, 3)
  const owner = await signedIn(first, 'Restart Owner')
  const ownerDevice = await placeUser(first.sql, service.origin, { at: null, subscribed: false })
  await first.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${ownerDevice.browser.json.endpoint}, ${owner.user.user.user_id},
      ${ownerDevice.browser.json.keys.p256dh}, ${ownerDevice.browser.json.keys.auth})`
  const request = await owner.create({ ...HELSINKI })
  const second = await owner.create({ ...away(HELSINKI, 1, 0) })
  t.equal(second.status, 201)
  await first.push.idle()

  // Another worker ran the first request's wave and claimed the pushes it queued (a 2 s lease), then crashed.
  const crashed = postgres(databaseUrl, { max: 1, onnotice: () => {} })
  t.teardown(() => crashed.end())
  t.equal(await runDueWave(crashed, { firstWave: 15, escalateAfter: 300, maxRecipients: 200 }), 3)
  const claimed = await claimDue(crashed, 100, 2)
  t.equal(claimed.length, 3, 'it claimed the 3 pushes of that wave')
  // The lease's end as the database set it: an answer that is slow to arrive does not move it.
  const [lease] = await crashed<{ over: number }[]>`
    select (extract(epoch from max(not_before)) * 1000)::float8 as over from push_jobs
    where job_id in ${crashed(claimed.map((job) => job.job_id))}`
  const leaseOver = lease!.over

  // Then the first request is taken over: its owner's push is queued, and the instance stops.
  const helper = await signedIn(first, 'Restart Helper')
  t.equal((await helper.send('PUT', `/api/requests/${request.body.request_id}/addresponder`)).status, 200)
  await first.push.idle()
  await first.close()
  t.equal(service.received.length, 0, 'nothing was sent before the restart')

  const after = await instance(t, databaseUrl, service, { DATA_DIR: dataDir })
  await after.push.idle()
  const seen = service.received.map((push) => {
    const device = helpers.find((h) => h.id === push.id)?.browser ?? ownerDevice.browser
    const { title, tag } = readPush(push, device).notification
    return `${push.id === ownerDevice.id ? 'owner' : push.id}: ${title} (${tag})`
  })
  const taken = `request-${request.body.request_id}`
  const open = `request-${second.body.request_id}`
  t.same(
    [...seen].sort(),
    [
      ...helpers.flatMap((h) => [
        `${h.id}: Someone is already helping (${taken})`,
        `${h.id}: Someone nearby needs help (${open})`,
        `${h.id}: Someone nearby needs help (${taken})`,
      ]),
      `owner: Help is on the way (${taken})`,
    ].sort(),
    'after the restart: both requests reached the 3 helpers, the owner heard of the take-over, each push once, ' +
      'and the helpers alerted of the request taken over were stood down',
  )
  for (const helper of helpers) {
    const alert = seen.indexOf(`${helper.id}: Someone nearby needs help (${taken})`)
    const standDown = seen.indexOf(`${helper.id}: Someone is already helping (${taken})`)
    t.ok(
      alert < standDown,
      `${helper.id}: the stand-down waited for the alert it replaces (claimed by the crashed one)`,
    )
  }
  const lateOnes = service.received.filter((p) => p.at >= leaseOver - 100)
  t.ok(lateOnes.length >= 3, 'the crashed claim was sent once its lease was over, not before')
  const [left] = await after.sql<{ jobs: number; waves: number }[]>`
    select (select count(*)::int from push_jobs) as jobs, (select count(*)::int from push_waves where due_at <= now()) as waves`
  t.same(left, { jobs: 0, waves: 0 }, 'the queue is empty')
})

t.test('the pushes a change causes are saved with it: a crash right after the commit loses none', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  // Every change of this instance "dies" right after its commit: nothing after the commit runs (no wake, no
  // delivery, no answer), as when the process is killed there. Its worker is off, so nothing is sent by it either.
  const config = testConfig(t, {
    DATABASE_URL: databaseUrl,
    PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
    DATA_DIR: dataDir,
  })
  const dying = buildServer(config, {
    pushCa: service.ca,
    pushWorker: { worker: false },
    events: {
      afterCommit: () => {
        throw new Error('the process died right after the commit')
      },
    },
  })
  t.teardown(() => dying.close())
  await dying.ready()
  const [helper] = await helpersAround(dying, service, 1)
  const owner = await signedIn(dying, 'Crash Owner')
  const ownerDevice = await placeUser(dying.sql, service.origin, { at: null, subscribed: false })
  await dying.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${ownerDevice.browser.json.endpoint}, ${owner.user.user.user_id},
      ${ownerDevice.browser.json.keys.p256dh}, ${ownerDevice.browser.json.keys.auth})`

  t.equal((await owner.create({ ...HELSINKI })).status, 500, 'the creation died after its commit')
  const [created] = await dying.sql<{ request_id: number }[]>`select request_id from requests`
  const other = await signedIn(dying, 'Crash Other')
  t.equal((await other.create({ ...HELSINKI })).status, 500, 'so did another one')
  const taker = await signedIn(dying, 'Crash Helper')
  const taken = await taker.send('PUT', `/api/requests/${created!.request_id}/addresponder`)
  t.equal(taken.status, 500, 'the take-over died after its commit')
  const [saved] = await dying.sql<{ waves: number; jobs: number }[]>`
    select (select count(*)::int from push_waves where due_at is not null) as waves,
      (select count(*)::int from push_jobs) as jobs`
  t.same(
    saved,
    { waves: 1, jobs: 1 },
    "the open request's wave and the owner's take-over push were committed (the request taken over has its waves paused)",
  )
  await dying.close()

  const after = await instance(t, databaseUrl, service, { DATA_DIR: dataDir })
  await after.push.idle()
  const told = service.received.map((push) => {
    const device = push.id === helper!.id ? helper! : ownerDevice
    const { title, tag } = readPush(push, device.browser).notification
    return `${push.id === helper!.id ? 'helper' : 'owner'}: ${title} (${tag})`
  })
  const open = `request-${created!.request_id + 1}`
  t.same(
    told.sort(),
    [
      `helper: Someone nearby needs help (${open})`,
      // The owner shares no location: they get every first wave (docs/product.md#live-updates-and-push), here the other
      // owner's.
      `owner: Help is on the way (request-${created!.request_id})`,
      `owner: Someone nearby needs help (${open})`,
    ],
    'after the restart the open request alerted its wave (the taken one none) and the owner heard of the take-over',
  )
})

t.test('two instances on one database send each push exactly once', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  const a = await instance(t, databaseUrl, service, { DATA_DIR: dataDir, ALERT_FIRST_WAVE: 15 })
  const b = await instance(t, databaseUrl, service, { DATA_DIR: dataDir, ALERT_FIRST_WAVE: 15 })
  const helpers = await helpersAround(a, service, 20)
  // 8 alerts each within the hour: more than the default cap of 6, which this test is not about.
  await a.sql`update users set hourly_alert_cap = 30`
  const owners = await Promise.all(
    Array.from({ length: 8 }, (_, i) => signedIn(i % 2 === 0 ? a : b, `Twin Owner ${i}`)),
  )
  const created = await Promise.all(owners.map((owner, i) => owner.create({ ...away(HELSINKI, 0.1 * i, 0) })))
  t.ok(created.every((c) => c.status === 201))
  await waitUntil(() => service.received.length >= 120)
  await Promise.all([a.push.idle(), b.push.idle()])
  // Nothing more can be sent: no instance is sending and the shared queue holds no push and no due wave (idle()
  // read that from the database, and nothing here queues more); every send was answered, so the service has it.
  t.same([a.push.queue.pending, b.push.queue.pending, await a.push.queue.waiting()], [0, 0, 0], 'the queue is drained')

  t.equal(service.received.length, 120, '8 requests × the 15 nearest of 20 helpers, no more')
  const tags = service.received.map((push) => {
    const helper = helpers.find((h) => h.id === push.id)!
    const { tag } = readPush(push, helper.browser).notification
    return `${push.id} ${tag}`
  })
  t.equal(new Set(tags).size, 120, 'no device got a push about the same request twice')
  const [alerts] = await a.sql<{ n: number; pairs: number }[]>`
    select count(*)::int as n, count(distinct (request_id, user_id))::int as pairs from push_alerts`
  t.same(alerts, { n: 120, pairs: 120 }, 'each helper alerted of each request once')
  const [sent] = await a.sql<
    { n: number }[]
  >`select count(*)::int as n from push_subscriptions where last_sent_at is not null`
  t.ok(sent!.n >= 15, 'deliveries were recorded')
})

t.test('Retry-After, backoff, the attempt limit, 400 and 410', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  const app = await instance(t, databaseUrl, service, { DATA_DIR: dataDir }, { retryBaseSeconds: 0.05 })
  const [slow, broken, refused, gone] = await helpersAround(app, service, 4)
  service.answers.set(slow!.id, { status: 503, headers: { 'retry-after': '2' } })
  service.answers.set(broken!.id, { status: 500 })
  service.answers.set(refused!.id, { status: 400 })
  service.answers.set(gone!.id, { status: 410 })
  const owner = await signedIn(app, 'Retry Owner')
  await owner.create({ ...HELSINKI })

  await waitUntil(() => service.received.some((p) => p.id === slow!.id))
  service.answers.delete(slow!.id)
  await app.push.idle()
  const times = service.received.filter((p) => p.id === slow!.id).map((p) => p.at)
  t.equal(times.length, 2, '503 with Retry-After: tried again')
  t.ok(times[1]! - times[0]! >= 1900, `after the 2 s it asked for (${times[1]! - times[0]!} ms)`)
  t.equal(
    service.received.filter((p) => p.id === broken!.id).length,
    MAX_ATTEMPTS,
    `500 without Retry-After: backoff, then given up after ${MAX_ATTEMPTS} attempts`,
  )
  t.equal(service.received.filter((p) => p.id === refused!.id).length, 1, '400 is not worth another try')
  const subscriptions = await app.sql<{ endpoint: string }[]>`select endpoint from push_subscriptions`
  t.notOk(
    subscriptions.some((s) => s.endpoint === gone!.browser.json.endpoint),
    '410 deleted the subscription',
  )
  t.ok(
    subscriptions.some((s) => s.endpoint === broken!.browser.json.endpoint),
    'a failing push service does not delete the subscription',
  )
  const [jobs] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_jobs`
  t.equal(jobs!.n, 0, 'nothing left in the queue')
})

t.test('a wave that fails is put off and holds up neither the other waves nor the pushes', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const databaseUrl = await createTestDatabase(t)
  const dataDir = tempDir(t)
  const app = await instance(t, databaseUrl, service, { DATA_DIR: dataDir }, { worker: false })
  const helpers = await helpersAround(app, service, 2)
  const poisoned = await (await signedIn(app, 'Poisoned Owner')).create({ ...HELSINKI })
  t.equal((await (await signedIn(app, 'Healthy Owner')).create({ ...HELSINKI })).status, 201)
  // A fault injected into this database only: recording the first request's alerts fails.
  await app.sql.unsafe(`
    create function fail_poisoned() returns trigger language plpgsql as $$
    begin
      if new.request_id = ${poisoned.body.request_id} then raise exception 'injected failure'; end if;
      return new;
    end $$;
    create trigger fail_poisoned before insert on push_alerts for each row execute function fail_poisoned();
  `)
  const errors: unknown[] = []
  const queued = await runDueWaves(app.sql, { firstWave: 15, escalateAfter: 300, maxRecipients: 200 }, (error) =>
    errors.push(error),
  )
  t.equal(queued, 2, 'the healthy request`s wave went out')
  t.match(String(errors[0]), /injected failure/, 'the failure was reported')
  const [put] = await app.sql<{ seconds: number }[]>`
    select extract(epoch from due_at - now())::int as seconds from push_waves where request_id = ${poisoned.body.request_id}`
  t.ok(put!.seconds > 30, `the failed wave is put off (${put!.seconds} s), not retried at once`)
  const [alerts] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_alerts`
  t.equal(alerts!.n, helpers.length, 'only the healthy wave was recorded')
})
