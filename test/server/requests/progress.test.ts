import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { REQUEST_ERRORS } from '../../../server/domain/requests/errors.ts'
import { bearer } from '../../accounts.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { tempDir, twoInstances } from '../../helper.ts'
import { away, HELSINKI, placeUser, TAMPERE } from '../../push-helpers.ts'
import { startPushService } from '../../push-service.ts'
import { actorFor, type Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { waitUntil } from '../../wait.ts'

/**
 * The waiting owner's progress and "Alert more helpers now" (docs/product.md#progress-while-waiting), on two
 * instances of one database: the owner's socket is on B, the waves may be sent by either instance's worker.
 */

type Progress = {
  alerted: number
  reached: number
  opened: number
  rounds: number | null
  last_round_alerted: number | null
  next_wave_at: string | null
  alert_more_available_at: string | null
}
type ProgressEvent = ServerEvent & { progress?: Progress }

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const seconds = (iso: string | null) => (iso === null ? NaN : (Date.parse(iso) - Date.now()) / 1000)

t.test('progress: counts for the owner only, live; alert more at most once per 2 minutes', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const { a, b } = await twoInstances(
    t,
    {
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: 2,
      ALERT_MAX_RECIPIENTS: 200,
      // No wave escalates by itself here: only "Alert more helpers now" brings the next one.
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const baseB = await listen(b)
  for (let km = 1; km <= 8; km++) await placeUser(a.sql, service.origin, { at: away(HELSINKI, km, 90), radius: 20 })
  const [owner, stranger, admin, taker] = await Promise.all([
    signedIn(a, 'Progress Owner'),
    signedIn(a, 'Stranger'),
    signedIn(a, 'Admin', true),
    signedIn(a, 'Taker'),
  ])
  const ownerOnB = actorFor(b, owner.user)
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
  const idle = () => Promise.all([a.push.idle(), b.push.idle()])
  const alertsOf = async (id: number) =>
    (await a.sql<{ n: number }[]>`select count(*)::int as n from push_alerts where request_id = ${id}`)[0]!.n
  /** As if the latest wave had gone out three minutes ago. */
  const ageWave = (id: number) =>
    a.sql`update push_waves set last_wave_at = now() - interval '3 minutes' where request_id = ${id}`

  const created = await owner.create({ ...HELSINKI })
  t.equal(created.status, 201)
  const id = created.body.request_id
  const url = `/api/requests/${id}/progress`
  const alertMore = `/api/requests/${id}/alert-more`
  const isProgress = (match: (p: Progress) => boolean) => (e: ProgressEvent) =>
    e.type === 'request.progress' && e.request_id === id && e.progress !== undefined && match(e.progress)
  await idle()

  await t.test('the first wave is told to the owner live, and answered to the owner and admins', async (t) => {
    const event = (await ownerEvents.next(isProgress((p) => p.alerted === 2))) as ProgressEvent
    t.equal(event.progress!.opened, 0)
    const answer = await owner.get(url)
    t.equal(answer.status, 200)
    const progress = answer.body as unknown as Progress
    t.same(Object.keys(progress).sort(), [
      'alert_more_available_at',
      'alerted',
      'fitting',
      'fitting_ability',
      'last_round_alerted',
      'next_wave_at',
      'opened',
      'reached',
      'rounds',
    ])
    t.equal(progress.alerted, 2, 'the first wave: ALERT_FIRST_WAVE helpers')
    t.equal(progress.rounds, 1, 'one round so far')
    t.equal(progress.last_round_alerted, 2, 'which alerted 2')
    t.ok(seconds(progress.next_wave_at) > 3500, 'the next wave at its time (ALERT_ESCALATE_AFTER)')
    const wait = seconds(progress.alert_more_available_at)
    t.ok(wait > 100 && wait <= 120, `alert more in 2 minutes from the first wave (${wait.toFixed(0)} s)`)
    t.equal((await admin.get(url)).status, 200, 'an admin reads it')
  })

  await t.test('anyone else: 403 and no live progress; a request one may not see: 404', async (t) => {
    const refused = await stranger.get(url)
    t.equal(refused.status, 403)
    t.equal(refused.body.message, REQUEST_ERRORS.notOwnerOrAdmin)
    t.equal((await owner.get('/api/requests/999999/progress')).status, 404)
    const anyProgress = (e: ServerEvent) => e.type === 'request.progress'
    const marker = (who: Actor) => async () => {
      const own = (await who.create({ description: 'Marker' })).body.request_id
      return (e: ServerEvent) => e.type === 'request.upserted' && e.request?.request_id === own
    }
    t.notOk(await receivedBeforeMarker(strangerEvents, anyProgress, marker(stranger)), 'not a stranger nearby')
    t.notOk(await receivedBeforeMarker(adminEvents, anyProgress, marker(admin)), 'not an admin')
    const ownRequest = (await stranger.get('/api/requests')).body.find((r) => r.request_id === id)
    t.notOk(ownRequest && 'alerted' in ownRequest, 'the request itself carries no counts')
  })

  await t.test('someone opens it: the owner hears "opened" live', async (t) => {
    t.equal((await stranger.send('PUT', `/api/requests/${id}/add-view`)).status, 200)
    await ownerEvents.next(isProgress((p) => p.opened === 1 && p.alerted === 2))
    t.equal(((await owner.get(url)).body as unknown as Progress).opened, 1)
  })

  await t.test('alert more: the owner only, not within 2 minutes of the latest wave', async (t) => {
    t.equal((await stranger.send('POST', alertMore)).status, 403)
    const byAdmin = await admin.send('POST', alertMore)
    t.equal(byAdmin.status, 403, 'not an admin either: it is the owner`s call')
    t.equal(byAdmin.body.message, REQUEST_ERRORS.notOwner)
    t.equal((await owner.send('POST', '/api/requests/999999/alert-more')).status, 404)
    const early = await a.inject({ method: 'POST', url: alertMore, headers: bearer(owner.user.token) })
    t.equal(early.statusCode, 429)
    t.equal(early.json<{ message: string }>().message, REQUEST_ERRORS.alertMoreTooSoon)
    const retryAfter = Number(early.headers['retry-after'])
    t.ok(retryAfter > 90 && retryAfter <= 120, `Retry-After: ${retryAfter}`)
    t.equal(await alertsOf(id), 2, 'no wave went')
  })

  await t.test('a parallel burst on both instances: exactly one gets through, and the next wave goes', async (t) => {
    await ageWave(id)
    const sent = service.received.length
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? ownerOnB : owner).send<Progress>('POST', alertMore)),
    )
    const statuses = answers.map((answer) => answer.status)
    t.equal(statuses.filter((s) => s === 202).length, 1, `one 202 (${statuses.join(' ')})`)
    t.equal(statuses.filter((s) => s === 429).length, 11, 'the rest 429')
    const accepted = answers.find((answer) => answer.status === 202)!.body
    t.ok(seconds(accepted.next_wave_at) <= 1, 'the next wave is due now')
    t.ok(seconds(accepted.alert_more_available_at) > 100, 'and the next ask in 2 minutes')
    await waitUntil(async () => (await alertsOf(id)) === 4)
    await idle()
    t.equal(service.received.length - sent, 2, 'the second wave pushed 2 more helpers (doubling to 4)')
    await ownerEvents.next(isProgress((p) => p.alerted === 4))
    const after = (await owner.get(url)).body as unknown as Progress
    t.ok(seconds(after.next_wave_at) > 3500, 'the wave after it at its time again')
    t.equal((await owner.send('POST', alertMore)).status, 429, 'and again not within 2 minutes')
  })

  await t.test('taken over: 409 and no wave to come; a release puts it back into the search', async (t) => {
    t.equal((await taker.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.equal(await alertsOf(id), 4, 'who was alerted is kept, for the search after a let-go')
    await ageWave(id)
    const taken = await owner.send('POST', alertMore)
    t.equal(taken.status, 409)
    t.equal(taken.body.message, REQUEST_ERRORS.alreadyHasHelper)
    const progress = (await owner.get(url)).body as unknown as Progress
    t.same(progress, {
      alerted: 4,
      reached: 0,
      opened: 1,
      fitting: 0,
      fitting_ability: 'repair_kit',
      rounds: 2,
      last_round_alerted: 2,
      next_wave_at: null,
      alert_more_available_at: null,
    })
    // The take-over's stand-downs are out before counting what the release brings.
    await idle()
    const sent = service.received.length
    t.equal((await taker.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    // The next wave is due at once: it doubles to 8, so 4 helpers not alerted before.
    await ownerEvents.next(isProgress((p) => p.alerted === 8))
    await idle()
    t.equal(service.received.length - sent, 4, 'the third wave pushed 4 more helpers, none of them twice')
    const resumed = (await owner.get(url)).body as unknown as Progress
    t.ok(seconds(resumed.next_wave_at) > 3500, 'the wave after it at its time')
    const wait = seconds(resumed.alert_more_available_at)
    t.ok(wait > 100 && wait <= 120, `alert more offered again, 2 minutes from the latest wave (${wait.toFixed(0)} s)`)
    await ageWave(id)
    const asked = await owner.send<Progress>('POST', alertMore)
    t.equal(asked.status, 202, 'and taken once those 2 minutes passed')
    t.equal(asked.body.rounds, 3, 'answered before the asked round: 3 rounds so far')
    // All 8 helpers within reach were alerted already: the fourth round finds nobody new, and the owner hears so.
    const empty = (await ownerEvents.next(isProgress((p) => p.rounds === 4))) as ProgressEvent
    t.equal(empty.progress!.last_round_alerted, 0, 'the asked round alerted nobody new')
    t.equal(empty.progress!.alerted, 8, 'the count stays at 8')
    await idle()
  })

  await t.test('far from every helper: the first round alerts nobody, and says so', async (t) => {
    const far = await stranger.create({ ...away(TAMPERE, 100, 0) })
    t.equal(far.status, 201)
    const farUrl = `/api/requests/${far.body.request_id}/progress`
    await waitUntil(async () => ((await stranger.get(farUrl)).body as unknown as Progress).rounds === 1)
    const progress = (await stranger.get(farUrl)).body as unknown as Progress
    t.equal(progress.alerted, 0, 'nobody alerted')
    t.equal(progress.last_round_alerted, 0, 'the round ran and found nobody within reach')
    t.ok(seconds(progress.next_wave_at) > 3500, 'the next round is still to come, at its time')
  })

  await t.test('completed: 409', async (t) => {
    t.equal((await owner.send('PUT', `/api/requests/${id}/setready`, { gotHelp: 0 })).status, 200)
    const done = await owner.send('POST', alertMore)
    t.equal(done.status, 409)
    t.equal(done.body.message, REQUEST_ERRORS.completed)
  })
})
