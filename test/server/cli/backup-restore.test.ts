import { join } from 'node:path'
import t from 'tap'
import { latestCode, uniquePhone } from '../../accounts.ts'
import { tempDir } from '../../helper.ts'
import { ensureBundle, runBundle, startBundle } from './bundle.ts'

await ensureBundle()

async function call(url: string, method: string, body?: object, token?: string): Promise<{ status: number; json: any }> {
  const response = await fetch(url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  const text = await response.text()
  return { status: response.status, json: text ? JSON.parse(text) : undefined }
}

t.test('an embedded database backed up while stopped restores into a new DATA_DIR with its users and requests', async (t) => {
  const original = tempDir(t)
  const restored = tempDir(t)
  const tarball = join(tempDir(t), 'pyoraapu.tar.gz')
  const phone = uniquePhone()
  const password = 'correct horse battery'

  const first = await startBundle(t, { DATA_DIR: original, SAMPLE_SERVICES: 'false' })
  const sent = await call(`${first.url}/api/phone-verification/send`, 'POST', { phone, purpose: 'register' })
  t.equal(sent.status, 202, JSON.stringify(sent.json))
  const verified = await call(`${first.url}/api/phone-verification/verify`, 'POST', { phone, code: latestCode(original, phone) })
  t.equal(verified.status, 200, JSON.stringify(verified.json))
  const registered = await call(`${first.url}/api/user/register`, 'POST', {
    user_name: 'Backed Up', phone, password, radius: 10, latitude: 60.17, longitude: 24.94, idToken: verified.json.idToken,
  })
  t.equal(registered.status, 201, JSON.stringify(registered.json))
  const created = await call(`${first.url}/api/requests`, 'POST', {
    category: 'bicycle_maintenance', description: 'Chain snapped at the harbour', latitude: 60.1699, longitude: 24.9384, isApproximate: 0,
  }, registered.json.token)
  t.equal(created.status, 201, JSON.stringify(created.json))

  const whileRunning = runBundle(['backup', tarball], { DATA_DIR: original })
  t.equal(await whileRunning.exited, 1, 'a backup while the server holds the data folder is refused')
  t.match(whileRunning.output(), /is in use by another running instance .* stop the server first/)

  first.server.child.kill('SIGTERM')
  t.equal(await first.server.exited, 0, 'the server stopped cleanly')

  const backup = runBundle(['backup', tarball], { DATA_DIR: original })
  t.equal(await backup.exited, 0, backup.output())
  t.match(backup.output(), /backup: .* saved to .*pyoraapu\.tar\.gz/)

  const restore = runBundle(['restore', tarball], { DATA_DIR: restored })
  t.equal(await restore.exited, 0, restore.output())
  const again = runBundle(['restore', tarball], { DATA_DIR: restored })
  t.equal(await again.exited, 1, 'a data folder that holds a database is never overwritten')
  t.match(again.output(), /already holds a database; restore into a new or empty DATA_DIR/)

  const second = await startBundle(t, { DATA_DIR: restored, SAMPLE_SERVICES: 'false' })
  const login = await call(`${second.url}/api/user/login`, 'POST', { identifier: 'Backed Up', password })
  t.equal(login.status, 200, JSON.stringify(login.json))
  const list = await call(`${second.url}/api/requests`, 'GET', undefined, login.json.token)
  t.equal(list.status, 200, JSON.stringify(list.json))
  t.match(JSON.stringify(list.json), /Chain snapped at the harbour/, 'the request came back with the database')
  second.server.child.kill('SIGTERM')
  await second.server.exited
})

t.test('backup of a DATA_DIR without a database says so', async (t) => {
  const run = runBundle(['backup', join(tempDir(t), 'x.tar.gz')], { DATA_DIR: tempDir(t) })
  t.equal(await run.exited, 1)
  t.match(run.output(), /there is no embedded database in .*pgdata \(check DATA_DIR\)/)
})
