import { createHash } from 'node:crypto'
import postgres, { type Sql } from 'postgres'
import { loadMigrations, migrate } from '../server/db/migrations.ts'

/**
 * Every test file used to create an empty database and migrate it (~0.5-1 s of a busy machine per database).
 * Instead the migrations run once into a template database, and each test database is a copy of it
 * (CREATE DATABASE ... TEMPLATE ..., ~0.1 s). The template is named after a hash of the migration files, so a
 * changed or added migration makes a new template instead of testing against a stale schema.
 */
const TEMPLATE_PREFIX = 'pyoraapu_template_'

/**
 * Advisory lock guarding the templates: building or dropping one takes it exclusively, copying one takes it
 * shared, so no copy starts from a half-migrated template or from one being dropped. Any constant works; it
 * only differs from the app's migration lock.
 */
const TEMPLATE_LOCK_ID = 7_311_420_777

/** The template for the migrations on disk now, e.g. pyoraapu_template_3f2a9c01b7de. */
export function templateName(): string {
  const hash = createHash('sha256')
  for (const migration of loadMigrations()) hash.update(`${migration.file}\n${migration.sql}\n`)
  return TEMPLATE_PREFIX + hash.digest('hex').slice(0, 12)
}

/**
 * Creates database `name` as a copy of the migrated template, building the template first if this set of
 * migrations has none yet. `admin` must be a single connection (max: 1): advisory locks belong to a session.
 */
export async function createFromTemplate(admin: Sql, adminUrl: string, name: string): Promise<void> {
  const template = templateName()
  // A checkout with other migrations (a branch's worktree, a CI clone) running tests on the same PostgreSQL drops
  // this template as stale between the check and the copy: then it is built again and the copy retried.
  for (;;) {
    await ensureTemplate(admin, adminUrl, template)
    await admin`select pg_advisory_lock_shared(${TEMPLATE_LOCK_ID})`
    try {
      if (await isReadyTemplate(admin, template)) {
        await admin.unsafe(`create database "${name}" template "${template}"`)
        return
      }
    } finally {
      await admin`select pg_advisory_unlock_shared(${TEMPLATE_LOCK_ID})`
    }
  }
}

async function isReadyTemplate(admin: Sql, template: string): Promise<boolean> {
  // datistemplate is set only after the migrations finished: a template without it is a half-built leftover.
  const rows = await admin<
    { ready: boolean }[]
  >`select datistemplate as ready from pg_database where datname = ${template}`
  return rows[0]?.ready === true
}

async function ensureTemplate(admin: Sql, adminUrl: string, template: string): Promise<void> {
  if (await isReadyTemplate(admin, template)) return
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`
  try {
    // Another test process may have built it while this one waited for the lock.
    if (await isReadyTemplate(admin, template)) return
    await dropStaleTemplates(admin, template)
    await admin.unsafe(`drop database if exists "${template}" with (force)`)
    await admin.unsafe(`create database "${template}"`)
    const url = new URL(adminUrl)
    url.pathname = `/${template}`
    const sql = postgres(url.toString(), { max: 1, onnotice: () => {}, connect_timeout: 5 })
    try {
      await migrate(sql, loadMigrations())
    } finally {
      // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template: this is its only session.
      await sql.end()
    }
    await admin.unsafe(`alter database "${template}" is_template true allow_connections false`)
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_ID})`
  }
}

/** Templates of earlier migration sets would otherwise pile up on the developer's PostgreSQL. */
async function dropStaleTemplates(admin: Sql, keep: string): Promise<void> {
  const stale = await admin<{ datname: string }[]>`
    select datname from pg_database where datname like ${TEMPLATE_PREFIX + '%'} and datname <> ${keep}
  `
  for (const { datname } of stale) {
    await admin.unsafe(`alter database "${datname}" is_template false`)
    await admin.unsafe(`drop database if exists "${datname}" with (force)`)
  }
}
