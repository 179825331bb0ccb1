/**
 * Recipient selection for one request change, in-process: the old rule (isRecipient over every connected client)
 * against the index (ReachIndex.forEachRecipient), interleaved A,B,A,B, medians. Asserts nothing. Part of
 * `npm run bench` (`recipients` below); alone it prints its own table:
 *
 *   npx tsx bench/recipients.ts [--quick]
 */
import { loadavg } from 'node:os'
import { ReachIndex } from '../server/events/reach-index.ts'
import { isRecipient, type ChangedRequest, type Listener } from '../server/events/recipients.ts'
import { compared, loadAverage, type Bench } from './lib/report.ts'
import { random, somewhere } from './lib/finland.ts'

let rnd = random(2026)

/** Radii as people choose them: mostly the default 10 km, some wider, a few the 999 km maximum. */
function client(userId: number): { user: Listener } {
  const roll = rnd()
  const radius = roll < 0.7 ? 10 : roll < 0.8 ? 5 : roll < 0.92 ? 25 : roll < 0.97 ? 50 : roll < 0.99 ? 100 : 999
  const located = rnd() >= 0.05
  return {
    user: {
      user_id: userId,
      is_admin: rnd() < 0.001,
      blocked_either_way: [],
      radius,
      ...(located ? somewhere(rnd) : { latitude: null, longitude: null }),
    },
  }
}

/** Requests come from where people are. */
function change(users: number): ChangedRequest {
  return {
    owner_id: 1 + Math.floor(rnd() * users),
    responder_id: rnd() < 0.5 ? 1 + Math.floor(rnd() * users) : null,
    is_test: false,
    ...(rnd() < 0.02 ? { latitude: null, longitude: null } : somewhere(rnd)),
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export interface RecipientsResult {
  size: number
  buildMs: number
  recipients: number
  old: number
  indexed: number
  /** Changes for which the index and the rule chose different numbers of recipients (must be 0). */
  disagreements: number
}

function measure(size: number, changeCount: number, rounds: number): RecipientsResult {
  const CHANGES = changeCount
  // About 1.2 sockets per user (a phone and sometimes a laptop).
  const users = Math.round(size / 1.2)
  const clients = Array.from({ length: size }, (_, i) => client(1 + (i % users)))
  const index = new ReachIndex<{ user: Listener }>()
  const built = performance.now()
  for (const c of clients) index.add(c)
  const buildMs = performance.now() - built
  const changes = Array.from({ length: CHANGES }, () => change(users))
  let recipients = 0
  let disagreements = 0
  const old = () => {
    let n = 0
    for (const request of changes) for (const c of clients) if (isRecipient(request, c.user)) n++
    return n
  }
  const indexed = () => {
    let n = 0
    const count = () => void n++
    for (const request of changes) index.forEachRecipient(request, null, count)
    return n
  }
  const oldMs: number[] = []
  const newMs: number[] = []
  for (let round = 0; round < rounds; round++) {
    let started = performance.now()
    const a = old()
    oldMs.push((performance.now() - started) / CHANGES)
    started = performance.now()
    const b = indexed()
    newMs.push((performance.now() - started) / CHANGES)
    if (a !== b) disagreements++
    recipients = a / CHANGES
  }
  return { size, buildMs, recipients, old: median(oldMs), indexed: median(newMs), disagreements }
}

/** 10k and 100k simulated clients, the same seed every run. */
export function measureRecipients(quick: boolean): { changes: number; rounds: number; results: RecipientsResult[] } {
  rnd = random(2026)
  const changes = quick ? 100 : 400
  const rounds = quick ? 3 : 5
  return { changes, rounds, results: [10_000, 100_000].map((size) => measure(size, changes, rounds)) }
}

const TARGET_MS: Record<number, number> = { 10_000: 1, 100_000: 5 }

export const recipients: Bench = {
  name: 'recipients',
  async run({ quick }) {
    const { changes, rounds, results } = measureRecipients(quick)
    return results.map((result) =>
      compared({
        group: 'recipient selection',
        name: `${result.size / 1000}k clients: index, per change`,
        value: result.indexed,
        unit: 'ms',
        baseline: result.old,
        target: `≤ ${TARGET_MS[result.size]} ms`,
        met: result.indexed <= TARGET_MS[result.size]! && result.disagreements === 0,
        note:
          `baseline: isRecipient over every client; ${result.recipients.toFixed(0)} recipients per change, ` +
          `${changes} changes, median of ${rounds} interleaved rounds, index built in ${result.buildMs.toFixed(0)} ms` +
          (result.disagreements ? `; the index and the rule DISAGREED in ${result.disagreements} rounds` : '') +
          `; load ${loadAverage()}`,
      }),
    )
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const { changes: CHANGES, rounds: ROUNDS, results: rows } = measureRecipients(process.argv.includes('--quick'))
  console.log(`recipient selection per change (${CHANGES} changes, median of ${ROUNDS} interleaved rounds)`)
  console.log(
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}, node ${process.version}`,
  )
  console.log('clients  | recipients | visit all (ms) | index (ms) | index / visit all | index build (ms)')
  for (const row of rows)
    console.log(
      [
        String(row.size).padEnd(8),
        row.recipients.toFixed(0).padStart(10),
        row.old.toFixed(3).padStart(14),
        row.indexed.toFixed(3).padStart(10),
        (row.indexed / row.old).toFixed(3).padStart(17),
        row.buildMs.toFixed(1).padStart(16),
      ].join(' | '),
    )
  for (const row of rows.filter((r) => r.disagreements > 0))
    console.log(`${row.size} clients: the index and the rule disagreed in ${row.disagreements} rounds`)
}
