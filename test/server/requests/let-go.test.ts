import t from 'tap'
import { bearer } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { type Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'
import { LET_GO_LIMIT } from '../../../server/domain/requests/limit-values.ts'
import { letGoPauseMessage, parseLetGoPause } from '../../../server/domain/requests/let-go.ts'
import { suspendAccount } from '../../../server/domain/moderation/suspension.ts'
import { announceChanged } from '../../../server/plugins/suspensions.ts'

/**
 * The take-over budget (docs/product.md, "Take-over budget"): a take-over let go within 30 minutes (released by the
 * helper, or the helper removed by the owner) is a let-go, and 3 let-gos in a rolling 24 hours pause the helper's
 * take-overs with a 429 that says for how long.
 */
t.test('the take-over budget', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t), DATABASE_POOL_MAX: 20 })
  let owners = 0
  /** A fresh owner's new request (each owner may have 2 active). */
  const newRequest = async () => {
    const owner = await signedIn(app, `Owner ${++owners}`)
    const created = await owner.create()
    t.equal(created.status, 201)
    return { owner, id: created.body.request_id }
  }
  const takeOver = (helper: Actor, id: number) =>
    app.inject({ method: 'PUT', url: `/api/requests/${id}/addresponder`, headers: bearer(helper.user.token) })
  const release = (helper: Actor, id: number) =>
    helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })
  const letGos = async (helper: Actor) =>
    (
      await app.sql<{ n: number }[]>`
        select count(*)::int as n from request_responses where responder_id = ${helper.user.user.user_id} and let_go`
    )[0]!.n

  await t.test('3 let-gos pause take-overs: 429 with Retry-After and the message', async (t) => {
    const helper = await signedIn(app, 'Fickle')
    const { owner: remover, id: removedFrom } = await newRequest()
    t.equal((await takeOver(helper, removedFrom)).statusCode, 200)
    t.equal(
      (await remover.send('PUT', `/api/requests/${removedFrom}/removeresponder`, { removedBy: 'owner' })).status,
      200,
    )
    for (let i = 0; i < 2; i++) {
      const { id } = await newRequest()
      t.equal((await takeOver(helper, id)).statusCode, 200)
      t.equal((await release(helper, id)).status, 200)
    }
    t.equal(await letGos(helper), 3, 'two releases and a removal by the owner, each within 30 minutes')
    const { id } = await newRequest()
    const refused = await takeOver(helper, id)
    t.equal(refused.statusCode, 429)
    t.equal(
      refused.json<{ message: string }>().message,
      'You have let go of 3 requests in the last day. You can take a request over again in about 24 hours.',
    )
    const retryAfter = Number(refused.headers['retry-after'])
    t.ok(retryAfter > 86_000 && retryAfter <= 86_400, `Retry-After: the oldest let-go leaves the day (${retryAfter} s)`)
    const [row] = await app.sql<
      { n: number }[]
    >`select count(*)::int as n from request_responses where request_id = ${id}`
    t.equal(row!.n, 0, 'nothing recorded')

    // The oldest let-go 23.5 hours ago: about an hour left.
    await app.sql`
      update request_responses set ended_at = now() - interval '23.5 hours', started_at = now() - interval '23.6 hours'
      where request_id = ${removedFrom}`
    const soon = await takeOver(helper, id)
    t.equal(soon.statusCode, 429)
    t.equal(parseLetGoPause(soon.json<{ message: string }>().message)?.hours, 1, 'in about 1 hour')
    t.ok(Number(soon.headers['retry-after']) <= 1800, 'Retry-After: half an hour at most')
    // A day ago: out of the period, and the helper may take a request over again.
    await app.sql`
      update request_responses set ended_at = now() - interval '24 hours 1 second' where request_id = ${removedFrom}`
    t.equal((await takeOver(helper, id)).statusCode, 200, 'two let-gos in the last 24 hours: allowed')
  })

  await t.test('not a let-go: held over 30 minutes, completed, or ended by a suspension', async (t) => {
    const helper = await signedIn(app, 'Steady')
    const { id: long } = await newRequest()
    t.equal((await takeOver(helper, long)).statusCode, 200)
    await app.sql`update request_responses set started_at = now() - interval '31 minutes' where request_id = ${long}`
    t.equal((await release(helper, long)).status, 200)
    const { owner, id: done } = await newRequest()
    t.equal((await takeOver(helper, done)).statusCode, 200)
    t.equal((await owner.send('PUT', `/api/requests/${done}/setready`, { gotHelp: 1 })).status, 200)
    const { owner: suspended, id: hidden } = await newRequest()
    t.equal((await takeOver(helper, hidden)).statusCode, 200)
    const admin = await signedIn(app, 'Moderator', true)
    // The owner is suspended, which ends the response (as the report's decision endpoint does).
    await app.events.transaction(async (tx, announce) =>
      announceChanged(
        announce,
        await suspendAccount(tx, {
          userId: suspended.user.user.user_id,
          until: new Date(Date.now() + 86_400_000),
          reason: 'Abuse',
          decidedBy: admin.user.user.user_id,
        }),
      ),
    )
    t.equal(await letGos(helper), 0)
    const { id } = await newRequest()
    t.equal((await takeOver(helper, id)).statusCode, 200)
  })

  await t.test('a parallel burst of take-overs and releases admits at most the budget', async (t) => {
    const helper = await signedIn(app, 'Burst')
    const requests = await Promise.all(Array.from({ length: 8 }, () => newRequest()))
    // Each cycle takes one request over and lets it go at once; the cycles run side by side.
    const cycles = await Promise.all(
      requests.map(async ({ id }) => {
        const taken = await takeOver(helper, id)
        if (taken.statusCode === 200) t.equal((await release(helper, id)).status, 200)
        return taken.statusCode
      }),
    )
    const taken = cycles.filter((status) => status === 200).length
    // A take-over passes only with fewer than 3 let-gos recorded and fewer than 2 running: by the time the third
    // let-go is recorded, at most one other response runs, and it becomes the last.
    t.ok(
      taken >= LET_GO_LIMIT && taken <= LET_GO_LIMIT + 1,
      `${taken} of 8 taken over (${cycles.join(' ')}), the rest refused`,
    )
    t.ok(
      cycles.every((status) => [200, 409, 429].includes(status)),
      'each refused with the running limit or the budget',
    )
    t.equal(await letGos(helper), taken, 'every one let go')
    const { id } = await newRequest()
    t.equal((await takeOver(helper, id)).statusCode, 429, 'and paused after')
  })

  t.test('the message in whole hours', async (t) => {
    t.equal(letGoPauseMessage(1), letGoPauseMessage(3600))
    t.match(letGoPauseMessage(1), /in about 1 hour\.$/)
    t.match(letGoPauseMessage(3601), /in about 2 hours\.$/)
    t.same(parseLetGoPause(letGoPauseMessage(5 * 3600)), { hours: 5 })
    t.equal(parseLetGoPause('You have reached the limit of 2 active responses.'), null)
  })
})
