import t from 'tap'
import { buildTestApp, tempDir } from '../../helper.ts'
import { away, HELSINKI, placeUser, type Helper } from '../../push-helpers.ts'
import { browserSubscription, readPush, startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'

/**
 * Pushes and a suspension (docs/accounts.md, "Suspension and ban"): whoever was alerted of the suspended user's open
 * request is stood down and no later wave goes out for it, the suspended user's own devices get nothing more, and a
 * lift brings no waves back.
 */

t.test('a suspension stands the alerted down, stops the waves and the pushes to the suspended', async (t) => {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    { PUSH_ENDPOINT_HOSTS: service.allowlistEntry, ALERT_FIRST_WAVE: 2, ALERT_ESCALATE_AFTER: 3600 },
    { pushCa: service.ca },
  )
  const helpers: Helper[] = []
  for (let km = 1; km <= 6; km++) helpers.push(await placeUser(app.sql, service.origin, { at: away(HELSINKI, km, 90) }))
  const admin = await signedIn(app, 'Moderator', true)
  const other = await signedIn(app, 'Other Owner')
  // The one to be suspended rides nearest of all, with a phone that takes alerts.
  const suspended = await signedIn(app, 'Suspended')
  const suspendedId = suspended.user.user.user_id
  const phone = browserSubscription(service.origin, 'suspended')
  const at = away(HELSINKI, 0.5, 90)
  await app.sql`update users set latitude = ${at.latitude}, longitude = ${at.longitude} where user_id = ${suspendedId}`
  await app.sql`
    insert into push_subscriptions (endpoint, user_id, p256dh, auth)
    values (${phone.json.endpoint}, ${suspendedId}, ${phone.json.keys.p256dh}, ${phone.json.keys.auth})`
  const devices = new Map([...helpers.map((h) => [h.id, h.browser] as const), ['suspended', phone] as const])
  const seen = (since: number) =>
    service.received.slice(since).map((push) => {
      const { notification } = readPush(push, devices.get(push.id)!)
      return { device: push.id, title: notification.title, tag: notification.tag, silent: notification.silent === true }
    })
  const escalate = async () => {
    await app.sql`update push_waves set due_at = now()`
    app.push.wake()
    await app.push.idle()
  }

  const theirs = (await suspended.create({ ...HELSINKI })).body.request_id
  const others = (await other.create({ ...HELSINKI })).body.request_id
  await app.push.idle()
  const alertedOfTheirs = await app.sql<{ user_id: number }[]>`
    select user_id from push_alerts where request_id = ${theirs} order by user_id`
  t.equal(alertedOfTheirs.length, 2, "the first wave of the suspended user's request went out")
  const [suspendedAlerted] = await app.sql`
    select 1 from push_alerts where request_id = ${others} and user_id = ${suspendedId}`
  t.ok(suspendedAlerted, 'the suspended user, nearest, was alerted of the other request before')

  const since = service.received.length
  await app.suspensions.suspend({
    userId: suspendedId,
    until: null,
    reason: 'Harassment',
    decidedBy: admin.user.user.user_id,
  })
  await app.push.idle()
  const alertedDevices = alertedOfTheirs.map((row) => helpers.find((h) => h.userId === row.user_id)!.id).sort()
  t.same(
    seen(since).sort((x, y) => x.device.localeCompare(y.device)),
    alertedDevices.map((device) => ({ device, title: 'No longer needed', tag: `request-${theirs}`, silent: true })),
    'whoever was alerted of it is stood down, silently, under its tag',
  )
  const [waves] = await app.sql<{ n: number }[]>`select count(*)::int as n from push_waves where request_id = ${theirs}`
  t.equal(waves!.n, 0, 'no wave is left for it')
  const [subscriptions] = await app.sql<{ n: number }[]>`
    select count(*)::int as n from push_subscriptions where user_id = ${suspendedId}`
  t.equal(subscriptions!.n, 0, "the suspended user's devices are unsubscribed")

  // The other request escalates: its next wave goes to others; nothing more about the hidden one, nothing to the
  // suspended user's phone.
  const escalated = service.received.length
  await escalate()
  const later = seen(escalated)
  t.ok(later.length > 0, 'the next wave of the other request went out')
  t.ok(
    later.every((push) => push.tag === `request-${others}` && push.device !== 'suspended'),
    'only about the other request, never to the suspended user',
  )

  t.ok(await app.suspensions.lift(suspendedId, admin.user.user.user_id), 'lifted')
  const afterLift = service.received.length
  await escalate()
  t.notOk(
    seen(afterLift).some((push) => push.tag === `request-${theirs}`),
    'a lift brings no waves back for the request',
  )
})
