import t from 'tap'
import { runMain } from '../process.ts'
import { createTestDatabase, tempDir } from '../helper.ts'

t.test('an invalid environment variable exits 1 naming it', async (t) => {
  const main = runMain({ PORT: 'eighty' })
  const { code } = await main.exited
  t.equal(code, 1)
  t.match(main.output(), /Invalid environment variable PORT: expected an integer from 0 to 65535, got "eighty"/)
})

t.test('an unreachable database is retried, then the process exits 1 with a clear message', async (t) => {
  // A process that retried for ever would be ended by the file's timeout; the message says it gave up on the timeout.
  const main = runMain({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nothing',
    DATABASE_CONNECT_TIMEOUT: '2',
    DATA_DIR: tempDir(t),
  })
  const { code } = await main.exited
  t.equal(code, 1)
  t.match(main.output(), /database not reachable yet, retrying/, 'it retried')
  t.match(main.output(), /Could not reach the database at postgres:\/\/postgres@127\.0\.0\.1:1\/nothing within 2 s/)
})

t.test('the server starts, says which database it uses, and shuts down cleanly on SIGTERM', async (t) => {
  const databaseUrl = await createTestDatabase(t)
  const main = runMain({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', DATA_DIR: tempDir(t) })
  t.teardown(() => main.child.kill('SIGKILL'))
  const [, port] = await main.waitFor(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/)
  const firstLine = main.output().split('\n')[0] ?? ''
  t.match(firstLine, /database: PostgreSQL server at postgres:\/\//, 'the first log line names the mode and where')

  const ready = await fetch(`http://127.0.0.1:${port}/readyz`)
  t.equal(ready.status, 200)

  main.child.kill('SIGTERM')
  const { code } = await main.exited
  t.equal(code, 0)
  t.match(main.output(), /shut down cleanly/)
})
