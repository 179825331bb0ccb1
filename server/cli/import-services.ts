/**
 * `services import <file.geojson|file.csv>`: upserts services by external id. Every invalid row is reported
 * with its line or feature number; if any is invalid nothing is written.
 */
import { readFileSync } from 'node:fs'
import { basename } from 'node:path'
import { openDatabase } from '../db/database.ts'
import { importServices } from '../domain/services/services.ts'
import { notifyInstances } from '../events/bus.ts'
import { parseServiceFile } from '../services-import/parse.ts'
import { commandConfig, quietLog } from './run.ts'

/** A one-line bar on a terminal; on a pipe, a line every 10 %. */
function progress(total: number): (done: number) => void {
  let lastTenth = -1
  return (done) => {
    if (process.stderr.isTTY) {
      const width = 30
      const filled = Math.round((done / total) * width)
      process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total}`)
      if (done === total) process.stderr.write('\n')
    } else if (Math.floor((done / total) * 10) > lastTenth) {
      lastTenth = Math.floor((done / total) * 10)
      process.stderr.write(`${done}/${total}\n`)
    }
  }
}

export async function importServicesCommand(file: string | undefined, usage: string): Promise<number> {
  if (!file) {
    console.error(`usage: ${usage}`)
    return 2
  }
  const rows = parseServiceFile(readFileSync(file, 'utf8'), basename(file))
  const invalid = rows.filter((row) => row.problems.length > 0)
  if (invalid.length > 0) {
    for (const row of invalid) console.error(`${row.where}: ${row.problems.join('; ')}`)
    console.error(`services:import: ${invalid.length} of ${rows.length} rows are invalid; nothing was imported`)
    return 1
  }
  const database = await openDatabase(commandConfig(), quietLog)
  try {
    const summary = await importServices(
      database.sql,
      rows.map((row) => row.service),
      progress(rows.length),
    )
    // Running servers reload their apps' service maps; embedded mode has no other process listening.
    if (database.mode === 'server') await notifyInstances(database.sql, { type: 'services' })
    console.log(
      `services:import: ${rows.length} services from ${basename(file)}: ${summary.inserted} new, ${summary.updated} updated`,
    )
    return 0
  } finally {
    await database.close()
  }
}
