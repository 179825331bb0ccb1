import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import postgres from 'postgres'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { configWith, type Config } from '../server/config.ts'
import { buildServer } from '../server/server.ts'
import { createFromTemplate } from './template-database.ts'

/** A maintenance database on the test PostgreSQL server; every test file gets its own database created from it. */
export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * Creates a database for this test file, already migrated (a copy of the migrated template database), and drops
 * it when the test ends. Returns its URL. The app's startup still runs its migrations on it: a no-op check.
 */
export async function createTestDatabase(t: Test): Promise<string> {
  return createDatabase(t, 'migrated')
}

/** An empty database without any table, for tests of migrating itself (migrations, the migrate command). */
export async function createEmptyTestDatabase(t: Test): Promise<string> {
  return createDatabase(t, 'empty')
}

async function createDatabase(t: Test, kind: 'migrated' | 'empty'): Promise<string> {
  const name = `pyoraapu_test_${randomBytes(6).toString('hex')}`
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    if (kind === 'migrated') await createFromTemplate(admin, ADMIN_DATABASE_URL, name)
    else await admin.unsafe(`create database "${name}"`)
    // A commit need not wait for its WAL to reach the disk here: a test database outlives no crash of PostgreSQL
    // (the crash tests kill the app, not the database server), and each fsync'd commit costs ~5 ms of a busy disk.
    await admin.unsafe(`alter database "${name}" set synchronous_commit = off`)
  } catch (error) {
    await admin.end()
    throw new Error(
      `Cannot create a test database on ${ADMIN_DATABASE_URL}: ${(error as Error).message}. ` +
        'Start the local PostgreSQL (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) ' +
        'or point TEST_DATABASE_URL at a server where this user may create databases.',
    )
  }
  t.teardown(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  })
  const url = new URL(ADMIN_DATABASE_URL)
  url.pathname = `/${name}`
  return url.toString()
}

/** A temporary folder removed when the test ends. */
export function tempDir(t: Test, prefix = 'pyoraapu-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** Test configuration: quiet logs, a private DATA_DIR, and whatever the test overrides. */
export function testConfig(t: Test, overrides: Partial<Config> = {}): Config {
  return configWith({ LOG_LEVEL: 'silent', DATA_DIR: tempDir(t), ...overrides })
}

/** Builds exactly the production app against a fresh database; closed when the test ends. */
export async function buildTestApp(
  t: Test,
  overrides: Partial<Config> = {},
  serverOptions: Parameters<typeof buildServer>[1] = {},
): Promise<FastifyInstance> {
  const databaseUrl = overrides.DATABASE_URL ?? (await createTestDatabase(t))
  const app = buildServer(testConfig(t, { DATABASE_URL: databaseUrl, ...overrides }), serverOptions)
  t.teardown(() => app.close())
  await app.ready()
  return app
}

/**
 * A listening server on the embedded database (DATABASE_URL unset: one connection, no NOTIFY between connections),
 * for the tests that live events travel in-process there too.
 */
export async function listenEmbedded(t: Test): Promise<{ app: FastifyInstance; dataDir: string; base: string }> {
  const dataDir = tempDir(t)
  const app = buildServer(testConfig(t, { DATA_DIR: dataDir, DATABASE_URL: undefined }))
  t.teardown(() => app.close())
  await app.listen({ host: '127.0.0.1', port: 0 })
  t.equal(app.db.mode, 'embedded')
  return { app, dataDir, base: `http://127.0.0.1:${(app.server.address() as { port: number }).port}` }
}

/**
 * Two instances of the production app on one database and one DATA_DIR, as two processes behind the load balancer
 * run (docs/deploying.md): what one commits reaches the other only through PostgreSQL. The shared DATA_DIR gives
 * them one token-signing secret unless `overrides` names a JWT_SECRET. Built one after the other: the first
 * writes the secret the second reads.
 */
export async function twoInstances(
  t: Test,
  overrides: Partial<Config> = {},
  serverOptions: Parameters<typeof buildServer>[1] = {},
): Promise<{ a: FastifyInstance; b: FastifyInstance; databaseUrl: string; dataDir: string }> {
  const databaseUrl = overrides.DATABASE_URL ?? (await createTestDatabase(t))
  const dataDir = overrides.DATA_DIR ?? tempDir(t)
  const settings = { ...overrides, DATABASE_URL: databaseUrl, DATA_DIR: dataDir }
  const a = await buildTestApp(t, settings, serverOptions)
  const b = await buildTestApp(t, settings, serverOptions)
  return { a, b, databaseUrl, dataDir }
}
