import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { PROJECT_ROOT } from '../../server/paths.ts'
import { tempDir } from '../helper.ts'
import { ensureBundle, run } from '../bundle.ts'

await ensureBundle()

const { scripts } = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
}

t.test("npm start's command runs the built bundle, not the TypeScript", async (t) => {
  t.match(scripts.start, /^node .*dist\/server\/pyoraapu\.mjs$/)
  t.notMatch(scripts.start, /tsx|\.ts\b/)
})

t.test("npm start's command, in a clean environment, serves /readyz", async (t) => {
  const dataDir = tempDir(t)
  // Its own working folder: nothing but what the command names may come from the project folder (no .env).
  // exec: the signals below reach the server itself, not a shell that would leave it running.
  const server = run(
    '/bin/sh',
    ['-c', `exec ${scripts.start!.replace('dist/', `${PROJECT_ROOT}/dist/`)}`],
    {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    tempDir(t),
  )
  t.teardown(() => server.child.kill('SIGKILL'))
  const [, url] = await server.waitFor(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)
  const ready = await fetch(`${url}/readyz`)
  t.equal(ready.status, 200, server.output())
  const index = await fetch(`${url}/`)
  t.equal(index.status, 200, 'the web app is served from the project, whatever the working folder')
  t.match(await index.text(), /<html/i)
  t.match(server.output(), /sample services loaded/, 'seed/ is found from the bundle')
  server.child.kill('SIGTERM')
  t.equal(await server.exited, 0, 'and it stops cleanly on SIGTERM')
})
