import t from 'tap'
import { buildTestApp } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

// Found by the schema fuzzer (seed 1841642074): subnormal coordinates made PostgreSQL's distance formula underflow,
// which it reports as an error, so the location call answered 500.
t.test('coordinates next to zero are zero, not a 500', async (t) => {
  const app = await buildTestApp(t)
  const user = await signedIn(app, 'Dusty')
  const dust = { latitude: 2.5e-323, longitude: 1.4382290958606714e-246 }
  t.equal((await user.send('PUT', '/api/user/location', dust)).status, 200, 'the position is taken')
  const [stored] = await app.sql<{ latitude: number; longitude: number }[]>`
    select latitude, longitude from users where user_id = ${user.user.user.user_id}`
  t.same(stored, { latitude: 0, longitude: 0 }, 'as zero')
  const created = await user.create({ latitude: -5e-324, longitude: 1e-300, isApproximate: 0 })
  t.equal(created.status, 201, 'a request there too')
  t.same([created.body.latitude, created.body.longitude], [0, 0])
  const other = await signedIn(app, 'Nearby')
  t.equal((await other.send('PUT', '/api/user/location', { latitude: 1e-9, longitude: 2e-9 })).status, 200)
  const list = await other.get('/api/requests')
  t.equal(list.status, 200, 'and the reach rule runs over them')
  t.ok(
    list.body.some((r) => r.request_id === created.body.request_id),
    'the request 0.25 mm away is within reach',
  )
})
