import t from 'tap'
import {
  flushOutbox,
  nextRoundAt,
  type Attempt,
  type OutboxStorage,
} from '../../../../web/src/features/outbox/flush.ts'
import type { OutboxItem } from '../../../../web/src/features/outbox/outbox-item.ts'
import { isOutboxNotice, OUTBOX_CHANGED } from '../../../../web/src/features/outbox/outbox-notice.ts'

/** The device's outbox as a map: the same contract as IndexedDB's (outbox-db.ts). */
function memoryStorage(items: OutboxItem[]): OutboxStorage & { held: Map<string, OutboxItem> } {
  const held = new Map(items.map((item) => [item.key, item]))
  return {
    held,
    all: async () => [...held.values()],
    update: async (key, change) => {
      const item = held.get(key)
      if (!item) return null
      const changed = change(item)
      held.set(key, changed)
      return changed
    },
    remove: async (key) => {
      held.delete(key)
    },
  }
}

const NOW = 1_700_000_000_000
let made = 0
function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  made += 1
  return {
    key: `key-${made}`,
    userId: 1,
    kind: 'message',
    path: '/api/requests/7/messages',
    body: { text: `message ${made}` },
    requestId: 7,
    createdAt: NOW + made,
    attempts: 1,
    nextAttemptAt: NOW,
    refusal: null,
    ...overrides,
  }
}

/** A server that answers from a script per key, counting each key's calls. */
function server(script: (item: OutboxItem, call: number) => Attempt) {
  const calls = new Map<string, number>()
  return {
    calls,
    send: async (sent: OutboxItem): Promise<Attempt> => {
      const call = (calls.get(sent.key) ?? 0) + 1
      calls.set(sent.key, call)
      return script(sent, call)
    },
  }
}

t.test('what lands is sent once and deleted; the answer is reported', async (t) => {
  const a = item()
  const b = item()
  const storage = memoryStorage([b, a])
  const api = server((sent) => ({ outcome: 'sent', answer: { message_id: sent.key } }))
  const report = await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW })
  t.same(
    report.sent.map(({ item: sent, answer }) => [sent.key, answer]),
    [
      [a.key, { message_id: a.key }],
      [b.key, { message_id: b.key }],
    ],
    'oldest first',
  )
  t.equal(storage.held.size, 0)
  const again = await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW, force: true })
  t.same(again.sent, [], 'nothing is sent twice')
  t.same([...api.calls.values()], [1, 1])
})

t.test('a refusal is kept with its message and never sent again', async (t) => {
  const refused = item({ kind: 'request', path: '/api/requests', requestId: null })
  const storage = memoryStorage([refused])
  const api = server(() => ({
    outcome: 'refused',
    refusal: { status: 429, message: 'You have reached the daily request limit.' },
  }))
  const report = await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW })
  t.equal(report.refused.length, 1)
  t.same(storage.held.get(refused.key)?.refusal, { status: 429, message: 'You have reached the daily request limit.' })
  await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW + 3_600_000, force: true })
  t.equal(api.calls.get(refused.key), 1, 'one call only')
})

t.test('no answer: the round ends, the item waits with a longer backoff, the next ones keep their place', async (t) => {
  const first = item()
  const second = item()
  const storage = memoryStorage([first, second])
  const api = server((sent, call) =>
    sent.key === first.key && call < 3 ? { outcome: 'retry' } : { outcome: 'sent', answer: null },
  )
  let clock = NOW
  const now = () => clock
  const random = () => 0.999999

  let report = await flushOutbox({ storage, userId: 1, send: api.send, now, random })
  t.same(
    report.waiting.map((w) => w.key),
    [first.key, second.key],
  )
  t.equal(api.calls.get(second.key), undefined, 'the second one waits behind the first')
  t.equal(storage.held.get(first.key)?.attempts, 2)
  t.equal(storage.held.get(first.key)?.nextAttemptAt, NOW + 2000)
  t.equal(nextRoundAt([...storage.held.values()]), NOW + 2000, 'the next round: the head’s backoff')

  clock = NOW + 1999
  report = await flushOutbox({ storage, userId: 1, send: api.send, now, random })
  t.equal(api.calls.get(first.key), 1, 'not before its backoff is over')
  t.equal(api.calls.get(second.key), undefined, 'nor anything behind it')

  clock = NOW + 2000
  await flushOutbox({ storage, userId: 1, send: api.send, now, random })
  t.equal(storage.held.get(first.key)?.attempts, 3)
  t.equal(storage.held.get(first.key)?.nextAttemptAt, NOW + 2000 + 4000)

  // Back online: everything now, whatever the backoff.
  report = await flushOutbox({ storage, userId: 1, send: api.send, now, random, force: true })
  t.same(
    report.sent.map(({ item: sent }) => sent.key),
    [first.key, second.key],
  )
  t.equal(storage.held.size, 0)
})

t.test('a 503 once, then the same key again lands', async (t) => {
  const kept = item()
  const storage = memoryStorage([kept])
  const keys: string[] = []
  const send = async (sent: OutboxItem): Promise<Attempt> => {
    keys.push(sent.key)
    return keys.length === 1 ? { outcome: 'retry' } : { outcome: 'sent', answer: { ok: true } }
  }
  await flushOutbox({ storage, userId: 1, send, now: () => NOW })
  const report = await flushOutbox({ storage, userId: 1, send, now: () => NOW, force: true })
  t.equal(report.sent.length, 1)
  t.same(keys, [kept.key, kept.key], 'one key for every attempt of the item')
})

t.test('a 401 ends the round and keeps everything', async (t) => {
  const a = item()
  const b = item()
  const storage = memoryStorage([a, b])
  const api = server(() => ({ outcome: 'session' }))
  const report = await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW })
  t.ok(report.sessionOver)
  t.equal(storage.held.size, 2)
  t.equal(api.calls.size, 1, 'nothing more is tried')
})

t.test('only the signed-in user’s items, and none already refused', async (t) => {
  const mine = item()
  const theirs = item({ userId: 2 })
  const refused = item({ refusal: { status: 409, message: 'x' } })
  const storage = memoryStorage([mine, theirs, refused])
  const api = server(() => ({ outcome: 'sent', answer: null }))
  const report = await flushOutbox({ storage, userId: 1, send: api.send, now: () => NOW })
  t.same(
    report.sent.map(({ item: sent }) => sent.key),
    [mine.key],
  )
  t.ok(storage.held.has(theirs.key), 'another user’s item is not touched')
  t.ok(storage.held.has(refused.key))
})

t.test('an item cancelled while on its way stays cancelled', async (t) => {
  const cancelled = item()
  const storage = memoryStorage([cancelled])
  const send = async (): Promise<Attempt> => {
    await storage.remove(cancelled.key)
    return { outcome: 'retry' }
  }
  const report = await flushOutbox({ storage, userId: 1, send, now: () => NOW })
  t.equal(storage.held.size, 0, 'not written back')
  t.same(report.waiting, [])
})

t.test('the worker’s notice to the windows', async (t) => {
  const sent = item()
  t.ok(isOutboxNotice({ type: OUTBOX_CHANGED, sent: [{ item: sent, answer: { message_id: '1' } }] }))
  t.ok(isOutboxNotice({ type: OUTBOX_CHANGED, sent: [] }))
  t.notOk(isOutboxNotice({ type: OUTBOX_CHANGED, sent: [{ item: { key: 'x' }, answer: null }] }))
  t.notOk(isOutboxNotice({ type: 'SKIP_WAITING' }))
  t.notOk(isOutboxNotice(null))
})
