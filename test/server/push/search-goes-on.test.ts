import t, { type Test } from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { browserSubscription, startPushService } from '../../push-service.ts'
import { type Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { suspendAccount } from '../../../server/domain/moderation/suspension.ts'
import { announceChanged } from '../../../server/plugins/suspensions.ts'

/**
 * The search goes on after a let-go (docs/live-and-push.md, "When a helper lets go"): whatever ends a response
 * without completing the request (a release, a removal by the owner, a block, a suspension of the helper) makes the
 * next wave due at once; it skips everyone alerted before and whoever let go, keeps the waves' doubling, and
 * ALERT_MAX_RECIPIENTS counts over the request's whole life.
 */
t.test('the search goes on after a let-go', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: tempDir(t),
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 2,
      ALERT_MAX_RECIPIENTS: 9,
      // No wave escalates by itself: only a let-go (or the owner's ask) brings the next one.
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const helpers: Helper[] = []
  for (let km = 1; km <= 12; km++) {
    helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km, 90), radius: 30 }))
  }
  const alertedOf = async (id: number) =>
    (
      await app.sql<{ user_id: number; wave: number }[]>`
        select user_id, wave from push_alerts where request_id = ${id} order by wave, user_id`
    ).map((row) => row.user_id)
  const waveRow = async (id: number) =>
    (
      await app.sql<{ waves: number; due: boolean | null }[]>`
      select waves, due_at <= now() as due from push_waves where request_id = ${id}`
    )[0]

  /** A helper with an account, nearer the request than anyone before, with a phone that is alerted. */
  let nearest = 0.5
  const nearestHelper = async (name: string) => {
    const helper = await signedIn(app, name)
    const device = browserSubscription(service.origin, name.toLowerCase())
    nearest *= 0.8
    const at = away(HELSINKI, nearest, 180)
    await app.sql`
      update users set latitude = ${at.latitude}, longitude = ${at.longitude}, radius = 30
      where user_id = ${helper.user.user.user_id}`
    await app.sql`
      insert into push_subscriptions (endpoint, user_id, p256dh, auth)
      values (${device.json.endpoint}, ${helper.user.user.user_id}, ${device.json.keys.p256dh}, ${device.json.keys.auth})`
    return helper
  }

  /** A new request alerted to its first wave, taken over by `helper`. */
  const takenOver = async (t: Test, owner: Actor, helper: Actor) => {
    const created = await owner.create({ ...HELSINKI })
    t.equal(created.status, 201)
    const id = created.body.request_id
    await app.push.idle()
    const first = await alertedOf(id)
    t.ok(first.includes(helper.user.user.user_id), 'the helper was alerted in the first wave')
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    await app.push.idle()
    t.same(await waveRow(id), { waves: 1, due: null }, 'the take-over paused the waves')
    return { id, first }
  }

  /** After the let-go: the next wave went at once, to nobody alerted before and not to the helper. */
  const searchWentOn = async (t: Test, id: number, first: number[], helper: Actor) => {
    await app.push.idle()
    const now = await alertedOf(id)
    const added = now.filter((userId) => !first.includes(userId))
    t.equal(added.length, 2, 'the second wave doubled the alerted to 4: 2 more')
    t.notOk(added.includes(helper.user.user.user_id), 'not the helper who let go')
    t.equal(new Set(now).size, now.length, 'nobody twice')
    t.equal((await waveRow(id))?.waves, 2, 'it counts as the second wave')
  }

  await t.test('a release', async (t) => {
    const [owner, helper] = [await signedIn(app, 'Owner R'), await nearestHelper('Releaser')]
    const { id, first } = await takenOver(t, owner, helper)
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    await searchWentOn(t, id, first, helper)
  })

  await t.test('a removal by the owner', async (t) => {
    const [owner, helper] = [await signedIn(app, 'Owner O'), await nearestHelper('Removed')]
    const { id, first } = await takenOver(t, owner, helper)
    t.equal((await owner.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' })).status, 200)
    await searchWentOn(t, id, first, helper)
  })

  await t.test('a block by the owner', async (t) => {
    const [owner, helper] = [await signedIn(app, 'Owner B'), await nearestHelper('Blocked')]
    const { id, first } = await takenOver(t, owner, helper)
    t.equal((await owner.send('POST', `/api/requests/${id}/block`, { about: 'responder' })).status, 201)
    await searchWentOn(t, id, first, helper)
  })

  await t.test('a suspension of the helper', async (t) => {
    const [owner, helper, admin] = [
      await signedIn(app, 'Owner S'),
      await nearestHelper('Suspended'),
      await signedIn(app, 'Admin S', true),
    ]
    const { id, first } = await takenOver(t, owner, helper)
    await app.events.transaction(async (tx, announce) =>
      announceChanged(
        announce,
        await suspendAccount(tx, {
          userId: helper.user.user.user_id,
          until: new Date(Date.now() + 86_400_000),
          reason: 'Abuse',
          decidedBy: admin.user.user.user_id,
        }),
      ),
    )
    app.push.queue.wake()
    await searchWentOn(t, id, first, helper)
  })

  await t.test('ALERT_MAX_RECIPIENTS counts over the whole life of the request', async (t) => {
    const owner = await signedIn(app, 'Owner M')
    const takers = [await nearestHelper('Taker 1'), await nearestHelper('Taker 2'), await nearestHelper('Taker 3')]
    const created = await owner.create({ ...HELSINKI })
    const id = created.body.request_id
    await app.push.idle()
    for (const taker of takers) {
      t.equal((await taker.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
      t.equal((await taker.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
      await app.push.idle()
    }
    // Waves of 2, 4 and 8 wanted, cut at 9: the third wave was the last.
    t.equal((await alertedOf(id)).length, 9, 'nine alerted in all, over three waves')
    t.equal(await waveRow(id), undefined, 'no wave left')
    const progress = await owner.get(`/api/requests/${id}/progress`)
    t.same(
      { alerted: progress.body.alerted, next_wave_at: progress.body.next_wave_at },
      { alerted: 9, next_wave_at: null },
    )
  })
})
