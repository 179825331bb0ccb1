import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fp from 'fastify-plugin'
import { importServices, servicesEmpty } from '../domain/services.ts'
import { PROJECT_ROOT } from '../paths.ts'
import { parseServiceFile } from '../services-import/parse.ts'

export const SAMPLE_SERVICES_FILE = join(PROJECT_ROOT, 'seed', 'services.sample.geojson')

/**
 * A new installation shows a map with something on it: the sample services are loaded when the table is
 * empty. Instances starting together are safe: the import upserts by external id.
 */
export default fp(
  async (app) => {
    if (!existsSync(SAMPLE_SERVICES_FILE) || !(await servicesEmpty(app.sql))) return
    const rows = parseServiceFile(readFileSync(SAMPLE_SERVICES_FILE, 'utf8'), SAMPLE_SERVICES_FILE)
    const invalid = rows.filter((row) => row.problems.length > 0)
    if (invalid.length > 0) {
      app.log.error({ invalid: invalid.map((row) => `${row.where}: ${row.problems.join('; ')}`) }, 'sample services not loaded')
      return
    }
    const summary = await importServices(app.sql, rows.map((row) => row.service))
    app.log.info(summary, 'sample services loaded into the empty services table')
  },
  { name: 'sample-services', dependencies: ['db'] },
)
