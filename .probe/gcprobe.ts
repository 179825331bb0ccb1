import { buildTestApp } from '../test/helper.ts'
import { signedIn } from '../test/signed-in.ts'
const teardowns: Array<() => unknown> = []
const t = { teardown: (fn: () => unknown) => void teardowns.push(fn) } as never
const app = await buildTestApp(t)
const owner = await signedIn(app, 'Owner')
const mode = process.argv[2] ?? 'edit'
const created = await owner.create({ latitude: 60.17, longitude: 24.94, description: 'probe' })
const id = created.body.request_id
const sql = app.sql
console.error('start', mode)
const N = Number(process.argv[3] ?? 2000)
for (let i = 0; i < N; i++) {
  if (mode === 'edit') await owner.send('PUT', `/api/requests/${id}`, { description: `probe edit ${i} flat tyre near the bridge` })
  else if (mode === 'health') await app.inject({ url: '/healthz' })
  else if (mode === 'get') await owner.send('GET', `/api/requests/${id}`)
  else if (mode === 'sqltx') await sql.begin(async (tx) => { await tx`select ${i}::int as x, ${'a'} as y`; await tx`select * from requests where request_id = ${id}` })
  else if (mode === 'frag') await sql`select ${sql`${i}::int`} as x, ${sql`${'b'}`} as y ${sql`where ${sql`true`}`}`
  if (i === 200) console.error('measuring')
}
console.error('end')
for (const fn of teardowns.reverse()) await fn()
