import t, { type Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp } from '../../helper.ts'
import { openEvents } from '../../event-client.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import type { RequestRole } from '../../../server/domain/requests/people.ts'

/**
 * docs/safety.md, "Who may act about whom": reports and blocks follow one rule, and the request's `mayActAbout`
 * tells each viewer exactly whom it lets them report and block. For every role, both calls answer alike for
 * `owner` and `responder`, and accept exactly whom the field names.
 */

type People = Array<{ about: RequestRole; user_name: string }>
const ROLES: RequestRole[] = ['owner', 'responder']

const report = (who: Actor, id: number, about: RequestRole) =>
  who.send('POST', `/api/requests/${id}/reports`, { about, reason: 'unsafe' })
const block = (who: Actor, id: number, about: RequestRole) => who.send('POST', `/api/requests/${id}/block`, { about })

/**
 * What the viewer's detail and list say they may act about, then the status of a report and of a block about each
 * role (reports first, then blocks: a block changes who sees what). Null for the field when the detail is 404.
 */
async function actOn(t: Test, who: Actor, id: number) {
  const detail = await who.get(`/api/requests/${id}`)
  const field = detail.status === 200 ? ((detail.body as unknown as { mayActAbout: People }).mayActAbout ?? null) : null
  if (field !== null) {
    const listed = (await who.get('/api/requests?all=1')).body as unknown as Array<{
      request_id: number
      mayActAbout: People
    }>
    t.same(listed.find((row) => row.request_id === id)?.mayActAbout, field, 'the list says what the detail says')
  }
  const reports = await Promise.all(ROLES.map(async (about) => (await report(who, id, about)).status))
  // The helper first: a block of the owner hides their request from the blocker (404 for anything after it).
  const blocks: number[] = []
  for (const about of [...ROLES].reverse()) blocks.unshift((await block(who, id, about)).status)
  return { field, reports, blocks }
}

/** The field names exactly the people both calls accept; both calls answer alike. */
function sameRule(t: Test, answer: Awaited<ReturnType<typeof actOn>>, expected: People | null, refusals: number[]) {
  t.same(answer.field, expected, 'mayActAbout')
  t.same(answer.reports, answer.blocks, 'a report and a block answer alike')
  const accepted = ROLES.map((about) => answer.field?.some((person) => person.about === about) ?? false)
  t.same(
    answer.reports.map((status) => status === 201),
    accepted,
    'accepted exactly whom the field names',
  )
  t.same(answer.reports, refusals, 'the statuses')
}

async function scene(app: FastifyInstance, tag: string) {
  const [owner, helper] = await Promise.all([signedIn(app, `Owner ${tag}`), signedIn(app, `Helper ${tag}`)])
  const id = (await owner.create({ description: `Flat tyre ${tag}` })).body.request_id
  return { owner, helper, id }
}

const take = async (t: Test, who: Actor, id: number) =>
  t.equal((await who.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)

t.test('one rule for reports and blocks, and the field that tells it', async (t) => {
  const app = await buildTestApp(t)

  t.test('the owner, before anyone helped and with a helper', async (t) => {
    const { owner, helper, id } = await scene(app, 'a')
    sameRule(t, await actOn(t, owner, id), [], [400, 409])
    await take(t, helper, id)
    sameRule(t, await actOn(t, owner, id), [{ about: 'responder', user_name: 'Helper a' }], [400, 201])
  })

  t.test('the current helper', async (t) => {
    const { helper, id } = await scene(app, 'b')
    await take(t, helper, id)
    sameRule(t, await actOn(t, helper, id), [{ about: 'owner', user_name: 'Owner b' }], [201, 403])
  })

  t.test('a former helper, after a release and after a removal; the owner still names them', async (t) => {
    const { owner, helper, id } = await scene(app, 'c')
    await take(t, helper, id)
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    const owners = (await owner.get(`/api/requests/${id}`)).body as unknown as { mayActAbout: People }
    t.same(owners.mayActAbout, [{ about: 'responder', user_name: 'Helper c' }], 'released: the owner names them')
    sameRule(t, await actOn(t, helper, id), [{ about: 'owner', user_name: 'Owner c' }], [201, 403])

    const other = await scene(app, 'd')
    await take(t, other.helper, other.id)
    t.equal(
      (await other.owner.send('PUT', `/api/requests/${other.id}/removeresponder`, { removedBy: 'owner' })).status,
      200,
    )
    sameRule(t, await actOn(t, other.helper, other.id), [{ about: 'owner', user_name: 'Owner d' }], [201, 403])
    sameRule(t, await actOn(t, other.owner, other.id), [{ about: 'responder', user_name: 'Helper d' }], [400, 201])
  })

  t.test('a stranger nearby', async (t) => {
    const { helper, id } = await scene(app, 'e')
    await take(t, helper, id)
    const stranger = await signedIn(app, 'Stranger e')
    sameRule(t, await actOn(t, stranger, id), [{ about: 'owner', user_name: 'Owner e' }], [201, 403])
  })

  t.test('an admin: the owner, and the helper, as moderators', async (t) => {
    const { helper, id } = await scene(app, 'f')
    await take(t, helper, id)
    const admin = await signedIn(app, 'Admin f', true)
    const expected: People = [
      { about: 'owner', user_name: 'Owner f' },
      { about: 'responder', user_name: 'Helper f' },
    ]
    sameRule(t, await actOn(t, admin, id), expected, [201, 201])
  })

  t.test('someone with a block between them and the owner: 404 alike, nothing named', async (t) => {
    const { owner, id } = await scene(app, 'g')
    const blocked = await signedIn(app, 'Blocked g')
    const ownRequest = (await blocked.create({ description: 'Chain' })).body.request_id
    t.equal((await block(owner, ownRequest, 'owner')).status, 201)
    sameRule(t, await actOn(t, blocked, id), null, [404, 404])
  })

  t.test('a live event carries the field as the viewer may act: the owner after a release', async (t) => {
    const { owner, helper, id } = await scene(app, 'h')
    await app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
    const events = await openEvents(base, owner.user.token)
    t.teardown(() => events.close())
    await take(t, helper, id)
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    const released = await events.next(
      (event) =>
        event.type === 'request.upserted' && event.request?.request_id === id && event.request.status === 'new',
    )
    t.same(released.request?.mayActAbout, [{ about: 'responder', user_name: 'Helper h' }])
  })
})
