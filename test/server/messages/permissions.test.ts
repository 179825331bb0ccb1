import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import type { Actor } from '../../requests.ts'
import { signedIn } from '../../signed-in.ts'

type Conversation = { messages: Array<{ text: string; author_name: string }>; readOnly: string | null }

/**
 * The permission matrix of docs/product.md#conversation: owner, helper, former helper, stranger, admin, in every
 * state.
 */
t.test('who may read and write a conversation', async (t) => {
  const app = await buildTestApp(t)
  const [owner, helper, second, stranger, admin] = await Promise.all([
    signedIn(app, 'Owner'),
    signedIn(app, 'Helper'),
    signedIn(app, 'Second'),
    signedIn(app, 'Stranger'),
    signedIn(app, 'Admin', true),
  ])
  const url = (id: number) => `/api/requests/${id}/messages`
  const read = async (who: Actor, id: number) =>
    who.get(url(id)) as unknown as Promise<{ status: number; body: Conversation }>
  const write = (who: Actor, id: number, text: string) => who.send('POST', url(id), { text })
  const texts = (conversation: Conversation) => conversation.messages.map((m) => m.text)

  const id = (await owner.create()).body.request_id

  t.test('a new request: the owner reads an empty conversation and cannot write yet', async (t) => {
    const { status, body } = await read(owner, id)
    t.equal(status, 200)
    t.same(body, { messages: [], readOnly: 'noHelper', lastReadId: null })
    t.match(await write(owner, id, 'Hello'), {
      status: 409,
      body: { message: 'The request has no helper now: its messages are read-only.' },
    })
    t.match(await write(stranger, id, 'Hello'), {
      status: 403,
      body: { message: 'Only the owner and the helper can read these messages.' },
    })
  })

  t.test('in progress: owner and helper write, an admin reads, a stranger neither', async (t) => {
    t.equal((await helper.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    const sent = await write(helper, id, 'On my way')
    t.equal(sent.status, 201)
    t.match(sent.body, { text: 'On my way', author_name: 'Helper', request_id: id, message_id: /^\d+$/ })
    t.equal((await write(owner, id, '  What size is your tyre?  ')).status, 201)
    for (const who of [owner, helper, admin]) {
      const { status, body } = await read(who, id)
      t.equal(status, 200)
      t.same(texts(body), ['On my way', 'What size is your tyre?'], 'trimmed, oldest first')
    }
    t.equal((await read(owner, id)).body.readOnly, null)
    t.equal((await read(helper, id)).body.readOnly, null)
    t.equal((await read(admin, id)).body.readOnly, 'admin')
    t.match(await write(admin, id, 'Admin here'), {
      status: 403,
      body: { message: 'Admins can read these messages but not write.' },
    })
    t.equal((await read(stranger, id)).status, 403)
    t.equal((await write(stranger, id, 'Hi')).status, 403)
  })

  t.test('bad text is a 400 with a message, never stored', async (t) => {
    const before = (await read(owner, id)).body.messages.length
    const refusals: Array<[unknown, string]> = [
      ['', 'A message must be 1-500 characters'],
      ['   ', 'A message must be 1-500 characters'],
      ['a'.repeat(501), 'A message must be 1-500 characters'],
      ['Bell\u0007', 'Contains invalid characters'],
      ['Escape\u001b[2J', 'Contains invalid characters'],
      ['Null\u0000byte', ''],
      [42, ''],
    ]
    for (const [text, message] of refusals) {
      const answer = await owner.send('POST', url(id), { text })
      t.equal(answer.status, 400, JSON.stringify(text).slice(0, 20))
      t.type(answer.body.message, 'string')
      if (message) t.equal(answer.body.message, message)
    }
    t.equal((await write(owner, id, 'ä'.repeat(500))).status, 201, '500 characters are fine')
    t.equal((await owner.send('POST', url(id), {})).status, 400, 'no text')
    t.equal((await read(owner, id)).body.messages.length, before + 1)
  })

  t.test('released: the former helper loses the conversation, the owner keeps it read-only', async (t) => {
    t.equal((await helper.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'responder' })).status, 200)
    t.equal((await read(helper, id)).status, 403)
    t.equal((await write(helper, id, 'Still here')).status, 403)
    const { body } = await read(owner, id)
    t.equal(body.readOnly, 'noHelper')
    t.ok(texts(body).includes('On my way'))
    t.equal((await write(owner, id, 'Anyone?')).status, 409)
  })

  t.test('a new helper sees only their own conversation; the owner sees both', async (t) => {
    t.equal((await second.send('PUT', `/api/requests/${id}/addresponder`)).status, 200)
    t.same(texts((await read(second, id)).body), [], 'not what the owner wrote to the earlier helper')
    t.equal((await write(second, id, 'I am here')).status, 201)
    t.same(texts((await read(second, id)).body), ['I am here'])
    t.ok(texts((await read(owner, id)).body).includes('On my way'))
    t.ok(texts((await read(owner, id)).body).includes('I am here'))
    t.equal((await read(helper, id)).status, 403, 'the former helper still reads nothing')
  })

  t.test('removed by the owner: the same', async (t) => {
    t.equal((await owner.send('PUT', `/api/requests/${id}/removeresponder`, { removedBy: 'owner' })).status, 200)
    t.equal((await read(second, id)).status, 403)
    t.equal((await write(second, id, 'Hello?')).status, 403)
  })

  t.test('completed: read-only for the owner; the last helper reads nothing', async (t) => {
    const other = (await owner.create({ description: 'Chain broke' })).body.request_id
    await helper.send('PUT', `/api/requests/${other}/addresponder`)
    await write(helper, other, 'Coming')
    t.equal((await owner.send('PUT', `/api/requests/${other}/setready`, { gotHelp: 1 })).status, 200)
    t.match(await read(owner, other), { status: 200, body: { readOnly: 'completed' } })
    t.match(await write(owner, other, 'Thank you!'), {
      status: 409,
      body: { message: 'The request is completed: its messages are read-only.' },
    })
    t.equal((await read(helper, other)).status, 403)
    t.equal((await write(helper, other, 'Welcome')).status, 403)
    t.match(await read(admin, other), { status: 200, body: { readOnly: 'admin' } })
  })

  t.test('requests one may not see answer 404, as the request routes do', async (t) => {
    t.equal((await read(owner, 2_000_000)).status, 404)
    const testRequest = (await admin.create({ isTest: 1 })).body.request_id
    t.equal((await read(stranger, testRequest)).status, 404, 'a test request, for a non-admin')
    t.equal((await write(stranger, testRequest, 'Hi')).status, 404)
  })
})
