/** What a reader needs to compare figures from another machine: cores, CPU, Node, PostgreSQL, load. */
import { cpus, totalmem } from 'node:os'
import postgres from 'postgres'
import { ADMIN_DATABASE_URL } from './database.ts'
import { loadAverage } from './report.ts'

export interface MachineFacts {
  cpuCount: number
  cpuModel: string
  memoryGb: number
  node: string
  postgresql: string
  loadAverage: string
}

/** PostgreSQL's version, or why it could not be read (the suite still runs what needs no server). */
async function postgresVersion(): Promise<string> {
  const sql = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  try {
    const [row] = await sql<{ server_version: string }[]>`show server_version`
    return row!.server_version
  } catch (error) {
    return `unavailable (${(error as Error).message})`
  } finally {
    await sql.end()
  }
}

export async function machineFacts(): Promise<MachineFacts> {
  const cores = cpus()
  return {
    cpuCount: cores.length,
    cpuModel: cores[0]?.model.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    postgresql: await postgresVersion(),
    loadAverage: loadAverage(),
  }
}

export function formatMachine(facts: MachineFacts): string {
  return [
    `${facts.cpuCount} CPUs (${facts.cpuModel}), ${facts.memoryGb} GB, Node ${facts.node}, PostgreSQL ${facts.postgresql}`,
    `load average ${facts.loadAverage}`,
  ].join('\n')
}
