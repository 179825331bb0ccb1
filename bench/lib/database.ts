/**
 * Scratch databases for benchmarks on the local PostgreSQL (or BENCH_DATABASE_URL's server): created migrated,
 * dropped when the bench is done, whatever happened.
 */
import { randomBytes } from 'node:crypto'
import postgres, { type Sql } from 'postgres'
import { loadMigrations, migrate } from '../../server/db/migrations.ts'

/** A maintenance database, used only to create and drop the scratch ones. */
export const ADMIN_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export interface ScratchDatabase {
  name: string
  url: string
  /** One connection for setting up data; benches open their own pools for measuring. */
  sql: Sql
  drop(): Promise<void>
}

/** A fresh, migrated database named pyoraapu_bench_<what>_<random>. */
export async function scratchDatabase(what: string): Promise<ScratchDatabase> {
  const name = `pyoraapu_bench_${what}_${randomBytes(4).toString('hex')}`
  const admin = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(ADMIN_DATABASE_URL)
  url.pathname = `/${name}`
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} })
  const drop = async () => {
    await sql.end()
    await admin.unsafe(`drop database if exists "${name}" with (force)`)
    await admin.end()
  }
  try {
    await migrate(sql, loadMigrations())
  } catch (error) {
    await drop()
    throw error
  }
  return { name, url: url.toString(), sql, drop }
}
