import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { ConfigSchema } from '../../../server/config.ts'
import { PROJECT_ROOT } from '../../../server/paths.ts'
import { createEmptyTestDatabase, tempDir } from '../../helper.ts'
import { ensureBundle, runBundle } from '../../bundle.ts'

await ensureBundle()

t.test('--version prints package.json version', async (t) => {
  const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }
  const run = runBundle(['--version'], {})
  t.equal(await run.exited, 0, run.output())
  t.equal(run.output().trim(), version)
})

t.test('--help lists the commands and every configuration variable', async (t) => {
  const run = runBundle(['--help'], {})
  t.equal(await run.exited, 0, run.output())
  for (const command of [
    'migrate',
    'admin grant|revoke <user_name>',
    'services import <file>',
    'backup <file>',
    'restore <file>',
  ]) {
    t.match(run.output(), command)
  }
  for (const name of Object.keys(ConfigSchema.properties)) t.match(run.output(), `| \`${name}\` |`, name)
})

t.test('an unknown command exits 2 and points at --help', async (t) => {
  const run = runBundle(['frobnicate'], {})
  t.equal(await run.exited, 2)
  t.match(run.output(), /unknown command "frobnicate"; pyoraapu --help lists the commands/)
})

t.test('admin on a missing user exits 1 naming the user; wrong arguments exit 2 with the usage', async (t) => {
  const env = { DATABASE_URL: await createEmptyTestDatabase(t), DATA_DIR: tempDir(t) }
  const unknown = runBundle(['admin', 'grant', 'Nobody Here'], env)
  t.equal(await unknown.exited, 1, unknown.output())
  t.match(unknown.output(), /admin: no user named "Nobody Here"/)
  const usage = runBundle(['admin', 'promote', 'someone'], env)
  t.equal(await usage.exited, 2)
  t.match(usage.output(), /usage: pyoraapu admin grant\|revoke <user_name>/)
})

t.test('migrate brings a server database up to date; services import reports rows and imports', async (t) => {
  const dir = tempDir(t)
  const env = { DATABASE_URL: await createEmptyTestDatabase(t), DATA_DIR: dir }
  const migrate = runBundle(['migrate'], env)
  t.equal(await migrate.exited, 0, migrate.output())
  t.match(migrate.output(), /database schema is up to date/)

  const file = join(dir, 'services.csv')
  const csv = 'external_id,category,latitude,longitude,name_fi\ncli-1,shop,60,25,Hyvä\ncli-2,unknown,60,25,Huono\n'
  writeFileSync(file, csv)
  const bad = runBundle(['services', 'import', file], env)
  t.equal(await bad.exited, 1)
  t.match(bad.output(), /line 3: category "unknown"/)
  writeFileSync(file, csv.split('\n').slice(0, 2).join('\n') + '\n')
  const good = runBundle(['services', 'import', file], env)
  t.equal(await good.exited, 0, good.output())
  t.match(good.output(), /1 services from services\.csv: 1 new, 0 updated/)
})

t.test('backup and restore refuse a PostgreSQL server and point at pg_dump', async (t) => {
  const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres', DATA_DIR: tempDir(t) }
  const backup = runBundle(['backup', join(tempDir(t), 'b.tar.gz')], env)
  t.equal(await backup.exited, 1)
  t.match(backup.output(), /back up a PostgreSQL server with pg_dump/)
  const restore = runBundle(['restore', join(PROJECT_ROOT, 'package.json')], env)
  t.equal(await restore.exited, 1)
  t.match(restore.output(), /restore a PostgreSQL server with pg_restore/)
})
