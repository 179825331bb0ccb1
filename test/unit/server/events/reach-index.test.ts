import t, { type Test } from 'tap'
import { listAudience, requestFor } from '../../../../server/domain/requests/requests.ts'
import { ReachIndex } from '../../../../server/events/reach-index.ts'
import { isRecipient, type ChangedRequest, type Listener } from '../../../../server/events/recipients.ts'
import type { RequestRow } from '../../../../server/domain/requests/rows.ts'

/** Deterministic randomness (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

const rnd = random(15)
const between = (low: number, high: number) => low + rnd() * (high - low)
const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!
const USERS = 1500

/** Mostly Finland; some anywhere, at the antimeridian, near the poles, and on a cell's edge. */
function place(): { latitude: number | null; longitude: number | null } {
  const roll = rnd()
  if (roll < 0.05) return { latitude: null, longitude: null }
  if (roll < 0.7) return { latitude: between(59.5, 70.1), longitude: between(19, 31.6) }
  if (roll < 0.82) return { latitude: between(-90, 90), longitude: between(-180, 180) }
  if (roll < 0.88) return { latitude: between(-60, 60), longitude: pick([-1, 1]) * between(179, 180) }
  if (roll < 0.94) return { latitude: pick([-1, 1]) * between(84, 90), longitude: between(-180, 180) }
  return { latitude: 60 + Math.floor(between(0, 20)) * 0.25, longitude: 24 + Math.floor(between(0, 10)) * 0.5 }
}

function listener(): Listener {
  return {
    user_id: 1 + Math.floor(rnd() * USERS),
    is_admin: rnd() < 0.03,
    blocked_either_way: [],
    radius: pick([1, 5, 10, 10, 10, 25, 49.9, 50, 50.1, 100, 300, 999, Math.ceil(between(1, 999))]),
    ...place(),
  }
}

function request(): ChangedRequest & { previous: number | null } {
  const someone = () => 1 + Math.floor(rnd() * USERS)
  return {
    owner_id: someone(),
    responder_id: rnd() < 0.5 ? someone() : null,
    previous: rnd() < 0.3 ? someone() : null,
    is_test: rnd() < 0.05,
    ...place(),
  }
}

interface Item {
  n: number
  user: Listener
}

function compare(t: Test, index: ReachIndex<Item>, items: Set<Item>, requests: number) {
  let mismatches = 0
  let delivered = 0
  for (let i = 0; i < requests; i++) {
    const change = request()
    const expected = [...items].filter((item) => isRecipient(change, item.user, change.previous)).map((c) => c.n)
    const got: number[] = []
    index.forEachRecipient(change, change.previous, (item) => got.push(item.n))
    const viewers = [...items]
      .filter((item) => isRecipient(change, item.user) && (item.user.is_admin || item.user.user_id === change.owner_id))
      .map((c) => c.n)
    const gotViewers: number[] = []
    index.forEachViewCounter(change, (item) => gotViewers.push(item.n))
    const same = (a: number[], b: number[]) => a.length === b.length && a.sort().join() === b.sort().join()
    if (!same(expected, got) || !same(viewers, gotViewers)) {
      if (mismatches++ < 3)
        t.fail('recipients differ', { change, expected: expected.length, got: got.length, viewers, gotViewers })
    }
    delivered += got.length
  }
  t.equal(mismatches, 0, `${requests} changes: the index chose exactly isRecipient's clients, each once`)
  t.ok(delivered > requests, `and it was no empty comparison (${delivered} deliveries)`)
}

t.test('the index picks exactly the clients the rule picks, also after clients move, join and leave', async (t) => {
  const index = new ReachIndex<Item>()
  const items = new Set<Item>()
  let n = 0
  const join = () => {
    const item = { n: n++, user: listener() }
    items.add(item)
    index.add(item)
  }
  for (let i = 0; i < 4000; i++) join()
  compare(t, index, items, 2000)

  const all = [...items]
  for (let i = 0; i < 800; i++) {
    const item = pick(all)
    const changed = listener()
    // A location report, a radius change, a role change, or another user's token on the same socket.
    const what = pick(['place', 'radius', 'role', 'user'] as const)
    if (what === 'place') item.user = { ...item.user, latitude: changed.latitude, longitude: changed.longitude }
    else if (what === 'radius') item.user = { ...item.user, radius: changed.radius }
    else if (what === 'role') item.user = { ...item.user, is_admin: !item.user.is_admin }
    else item.user = changed
    index.moved(item)
  }
  for (let i = 0; i < 500; i++) {
    const item = pick(all)
    items.delete(item)
    index.remove(item)
  }
  for (let i = 0; i < 500; i++) join()
  t.equal(index.all.size, items.size, 'the index holds what is connected')
  compare(t, index, items, 1000)
  t.ok(
    [...items].every((item) => index.ofUser(item.user.user_id).has(item)),
    'every client is filed under its current user',
  )
})

t.test('viewers with the same list audience get the same answer from requestFor', async (t) => {
  const row = (): RequestRow => {
    const helper = rnd() < 0.5 ? 1 + Math.floor(rnd() * 4) : null
    // Without a current helper, sometimes an earlier one (after a release or a removal), who may be the viewer.
    const latest = helper ?? (rnd() < 0.5 ? 1 + Math.floor(rnd() * 4) : null)
    return {
      request_id: 1,
      owner_id: 1 + Math.floor(rnd() * 4),
      category: 'other',
      status: pick(['new', 'in progress', 'completed'] as const),
      description: 'x',
      latitude: 60.17,
      longitude: 24.94,
      is_approximate: false,
      is_test: false,
      views: 3,
      created_at: new Date(0),
      updated_at: new Date(0),
      completed_at: null,
      responder_id: helper,
      got_help: null,
      user_name: 'Owner',
      phone: '+358401111111',
      responder_user_name: 'Helper',
      responder_phone: '+358402222222',
      responder_distance_km: rnd() < 0.5 ? Math.floor(rnd() * 10) : null,
      phone_only_to_helper: rnd() < 0.5,
      owner_suspended: false,
      latest_helper_id: latest,
      latest_helper_name: latest === null ? null : `Helper ${latest}`,
    }
  }
  // Admins half the time: whom an admin may act about depends on whether they were the request's latest helper.
  const viewer = () => ({ ...listener(), user_id: 1 + Math.floor(rnd() * 4), is_admin: rnd() < 0.5 })
  let compared = 0
  for (let i = 0; i < 5000; i++) {
    const request = row()
    const [a, b] = [viewer(), viewer()]
    if (listAudience(request, a) !== listAudience(request, b)) continue
    compared++
    const same = JSON.stringify(requestFor(request, a, 'list')) === JSON.stringify(requestFor(request, b, 'list'))
    if (!same) return t.fail('one audience, two answers', { request, a, b })
  }
  t.ok(compared > 1000, `${compared} pairs of one audience got one answer`)
})
