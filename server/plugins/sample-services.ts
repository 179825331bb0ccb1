import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { importServices, servicesEmpty } from '../domain/services/services.ts'
import { PROJECT_ROOT } from '../paths.ts'
import { parseServiceFile } from '../services-import/parse.ts'

export const SAMPLE_SERVICES_FILE = join(PROJECT_ROOT, 'seed', 'services.sample.geojson')
/** Recorded in app_settings once an installation has had its chance at the sample services. */
const SEEDED_SETTING = 'sample_services_seeded'

/**
 * A new installation shows a map with something on it: the sample services are loaded into it once. That it
 * happened is recorded, so an admin who deletes them all does not get them back at the next start; an installation
 * that already has services counts as seeded. SAMPLE_SERVICES=false skips them (and records nothing, so turning it
 * back on later still seeds an empty installation). Instances starting together are safe: the import upserts by
 * external id.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    if (!config.SAMPLE_SERVICES || !existsSync(SAMPLE_SERVICES_FILE)) return
    const [seeded] = await app.sql`select 1 from app_settings where key = ${SEEDED_SETTING}`
    if (seeded) return
    if (await servicesEmpty(app.sql)) {
      const rows = parseServiceFile(readFileSync(SAMPLE_SERVICES_FILE, 'utf8'), SAMPLE_SERVICES_FILE)
      const invalid = rows.filter((row) => row.problems.length > 0)
      if (invalid.length > 0) {
        app.log.error(
          { invalid: invalid.map((row) => `${row.where}: ${row.problems.join('; ')}`) },
          'sample services not loaded',
        )
        return
      }
      const summary = await importServices(
        app.sql,
        rows.map((row) => row.service),
      )
      app.log.info(summary, 'sample services loaded into the new installation')
    }
    await app.sql`
      insert into app_settings (key, value) values (${SEEDED_SETTING}, ${app.sql.json(new Date().toISOString())})
      on conflict (key) do nothing
    `
  },
  { name: 'sample-services', dependencies: ['db'] },
)
