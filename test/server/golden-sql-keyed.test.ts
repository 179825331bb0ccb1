import t from 'tap'
import { bearer } from '../accounts.ts'
import { goldenSqlApp } from '../golden-sql.ts'
import type { Actor, Json } from '../requests.ts'
import { signedIn } from '../signed-in.ts'

/**
 * The SQL of each creating call sent with an idempotency key, as the app's outbox sends them (docs/requests.md, "Sent
 * once"; docs/outbox.md): the first call with its key, and the same call again, answered from the key. How the
 * statements are recorded and compared: test/golden-sql.ts.
 */

t.test('the SQL of each keyed creating call matches its golden copy', async (t) => {
  const { app, record, compare } = await goldenSqlApp(t)
  const owner = await signedIn(app, 'Owner')
  const helper = await signedIn(app, 'Helper')
  const keyed = async (actor: Actor, url: string, payload: object, key: string) => {
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(actor.user.token), 'idempotency-key': key },
      payload,
    })
    return { status: response.statusCode, body: response.json<Json>() }
  }
  const request = {
    category: 'bicycle_maintenance',
    description: 'Flat tyre near the bridge',
    latitude: 60.1699,
    longitude: 24.9384,
    isApproximate: 0,
  }

  const created = await record('keyed-create', 'POST /api/requests with an Idempotency-Key', 201, () =>
    keyed(owner, '/api/requests', request, 'create-1'),
  )
  await record('keyed-create-again', 'POST /api/requests with the same Idempotency-Key again', 201, () =>
    keyed(owner, '/api/requests', request, 'create-1'),
  )
  const url = `/api/requests/${created.body.request_id as number}`
  t.equal((await helper.send('PUT', `${url}/addresponder`)).status, 200)
  await record('keyed-message', 'POST /api/requests/:id/messages with an Idempotency-Key', 201, () =>
    keyed(helper, `${url}/messages`, { text: 'On my way' }, 'message-1'),
  )
  await record('keyed-message-again', 'POST /api/requests/:id/messages with the same Idempotency-Key again', 201, () =>
    keyed(helper, `${url}/messages`, { text: 'On my way' }, 'message-1'),
  )
  t.equal((await owner.send('PUT', `${url}/setready`, { gotHelp: 1 })).status, 200)
  await record('keyed-thank', 'POST /api/requests/:id/thanks with an Idempotency-Key', 201, () =>
    keyed(owner, `${url}/thanks`, { text: 'Thank you!' }, 'thanks-1'),
  )
  await record('keyed-thank-again', 'POST /api/requests/:id/thanks with the same Idempotency-Key again', 201, () =>
    keyed(owner, `${url}/thanks`, { text: 'Thank you!' }, 'thanks-1'),
  )

  compare()
})
