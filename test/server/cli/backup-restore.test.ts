import { join } from 'node:path'
import t from 'tap'
import { tempDir } from '../../helper.ts'
import { ensureBundle, expectBackedUp, runBundle, seedBackedUp, startBundle } from '../../bundle.ts'

await ensureBundle()

t.test(
  'an embedded database backed up while stopped restores into a new DATA_DIR with its users and requests',
  async (t) => {
    const original = tempDir(t)
    const restored = tempDir(t)
    const tarball = join(tempDir(t), 'pyoraapu.tar.gz')

    const first = await startBundle(t, { DATA_DIR: original, SAMPLE_SERVICES: 'false' })
    await seedBackedUp(t, first.url, original)

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
    await expectBackedUp(t, second.url)
    second.server.child.kill('SIGTERM')
    await second.server.exited
  },
)

t.test('backup of a DATA_DIR without a database says so', async (t) => {
  const run = runBundle(['backup', join(tempDir(t), 'x.tar.gz')], { DATA_DIR: tempDir(t) })
  t.equal(await run.exited, 1)
  t.match(run.output(), /there is no embedded database in .*pgdata \(check DATA_DIR\)/)
})
