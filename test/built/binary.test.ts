import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { newestMtime } from '../../scripts/build-if-stale.ts'
import { BINARY, buildBinary } from '../../scripts/build-binary.ts'
import { PROJECT_ROOT } from '../../server/paths.ts'
import { createEmptyTestDatabase, tempDir } from '../helper.ts'
import { call, expectBackedUp, listening, registerOverHttp, run, seedBackedUp, type Running } from '../bundle.ts'

/**
 * dist/pyoraapu, the single executable: built here when missing or older than what it holds (about 25 s), then
 * run the way an operator would: copied alone into an empty folder, with a clean environment whose PATH has no
 * node and no node_modules anywhere near it.
 */
t.setTimeout(600_000)
const sources = [
  'server',
  'sql',
  'seed',
  join('web', 'dist'),
  join('dist', 'embedded-snapshot'),
  'package.json',
  join('scripts', 'build-binary.ts'),
]
if (
  !existsSync(BINARY) ||
  Math.max(...sources.map((s) => newestMtime(join(PROJECT_ROOT, s)))) > statSync(BINARY).mtimeMs
) {
  await buildBinary()
}

const { version } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version: string }

interface Installed {
  folder: string
  home: string
  /** PATH for the binary: an empty folder, since this machine's /usr/bin has a node that must not be relied on. */
  path: string
}

/** An empty folder holding only a copy of the binary, a private HOME (where it extracts its files), no PATH. */
function installAlone(t: Parameters<typeof tempDir>[0]): Installed {
  const folder = tempDir(t, 'pyoraapu-binary-')
  copyFileSync(BINARY, join(folder, 'pyoraapu'))
  return { folder, home: tempDir(t, 'pyoraapu-home-'), path: tempDir(t, 'pyoraapu-path-') }
}

function binary(where: Installed, args: string[], env: Record<string, string> = {}): Running {
  return run(join(where.folder, 'pyoraapu'), args, { PATH: where.path, HOME: where.home, ...env }, where.folder)
}

async function serve(t: Parameters<typeof listening>[0], where: Installed, env: Record<string, string> = {}) {
  const started = Date.now()
  const running = await listening(t, binary(where, [], { PORT: '0', HOST: '127.0.0.1', ...env }))
  return { ...running, startMs: Date.now() - started }
}

t.test('--version and --help, with nothing beside the binary', async (t) => {
  const where = installAlone(t)
  const versionRun = binary(where, ['--version'])
  t.equal(await versionRun.exited, 0, versionRun.output())
  t.equal(versionRun.output().trim(), version)
  const help = binary(where, ['--help'])
  t.equal(await help.exited, 0, help.output())
  for (const command of ['migrate', 'admin grant|revoke <user_name>', 'backup <file>', 'restore <file>'])
    t.match(help.output(), command)
  t.same(readdirSync(where.folder), ['pyoraapu'], 'neither command leaves files in the working folder')
})

t.test(
  'with no configuration: embedded database in ./data, the SPA, the sample services; a restart keeps the data',
  async (t) => {
    const where = installAlone(t)
    // Nothing configured but the drain's deadline: checkpointing the embedded database on SIGTERM is not what is
    // timed here, and on a loaded machine it may take longer than the default 10 s.
    const first = await serve(t, where, { SHUTDOWN_TIMEOUT: '120' })
    t.comment(`cold start on an empty folder: ${first.startMs} ms`)
    t.equal((await fetch(`${first.url}/readyz`)).status, 200, first.server.output())
    const index = await fetch(`${first.url}/`)
    t.equal(index.status, 200)
    t.match(await index.text(), /<html/i)
    const asset = /\/assets\/[^"]+\.js/.exec(await (await fetch(`${first.url}/`)).text())
    t.ok(asset, 'index.html names its script')
    t.equal((await fetch(`${first.url}${asset![0]}`)).status, 200, 'the hashed assets are served too')
    // Swagger UI reads its page files from disk: they come out of the binary like the SPA's.
    t.equal((await fetch(`${first.url}/api/docs/static/swagger-ui-bundle.js`)).status, 200, 'the API docs page')
    const services = await call(`${first.url}/api/services`, 'GET')
    t.equal(services.status, 200)
    t.ok((services.json.length ?? 0) > 0, 'the sample services were loaded')
    t.ok(existsSync(join(where.folder, 'data', 'pgdata')), 'the database lives in ./data')

    // A password hash in the binary: argon2's native addon loads from its assets.
    const registered = await registerOverHttp(
      first.url,
      join(where.folder, 'data'),
      'Binary Rider',
      'correct horse battery',
    )
    t.equal(registered.status, 201, JSON.stringify(registered.json))
    first.server.child.kill('SIGTERM')
    t.equal(await first.server.exited, 0, `it stops cleanly on SIGTERM\n${first.server.output()}`)

    const second = await serve(t, where)
    t.comment(`start on an existing folder: ${second.startMs} ms`)
    const loginStarted = Date.now()
    const login = await call(`${second.url}/api/user/login`, 'POST', {
      identifier: 'Binary Rider',
      password: 'correct horse battery',
    })
    t.comment(`login (one argon2id verify) in the binary: ${Date.now() - loginStarted} ms`)
    t.equal(login.status, 200, 'the user of the first start logs in after the restart')
    t.equal((await call(`${second.url}/api/services`, 'GET')).json.length, services.json.length)
    second.server.child.kill('SIGTERM')
    t.equal(await second.server.exited, 0)
  },
)

t.test('with DATABASE_URL it uses that server, not an embedded one', async (t) => {
  const where = installAlone(t)
  const { server, url } = await serve(t, where, {
    DATABASE_URL: await createEmptyTestDatabase(t),
    SAMPLE_SERVICES: 'false',
  })
  t.equal((await fetch(`${url}/readyz`)).status, 200, server.output())
  t.notOk(existsSync(join(where.folder, 'data', 'pgdata')), 'no embedded database was made')
  const unknown = binary(where, ['admin', 'grant', 'Nobody Here'], { DATABASE_URL: await createEmptyTestDatabase(t) })
  t.equal(await unknown.exited, 1, unknown.output())
  t.match(unknown.output(), /admin: no user named "Nobody Here"/)
})

t.test('admin grant of an unknown user on the embedded database exits 1', async (t) => {
  const where = installAlone(t)
  const unknown = binary(where, ['admin', 'grant', 'Nobody Here'])
  t.equal(await unknown.exited, 1, unknown.output())
  t.match(unknown.output(), /admin: no user named "Nobody Here"/)
})

t.test('backup, then restore into a new folder, gives the same users and requests', async (t) => {
  const where = installAlone(t)
  const dataDir = join(where.folder, 'data')
  const first = await serve(t, where, { SAMPLE_SERVICES: 'false' })
  await seedBackedUp(t, first.url, dataDir)
  first.server.child.kill('SIGTERM')
  t.equal(await first.server.exited, 0)

  const backup = binary(where, ['backup', 'pyoraapu.tar.gz'])
  t.equal(await backup.exited, 0, backup.output())
  const restore = binary(where, ['restore', 'pyoraapu.tar.gz'], { DATA_DIR: './restored' })
  t.equal(await restore.exited, 0, restore.output())

  const second = await serve(t, where, { DATA_DIR: './restored', SAMPLE_SERVICES: 'false' })
  await expectBackedUp(t, second.url)
  second.server.child.kill('SIGTERM')
  await second.server.exited
})
