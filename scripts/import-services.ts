/** `npm run services:import -- <file>`: the developer's way to `pyoraapu services import` (server/cli/import-services.ts). */
import { importServicesCommand } from '../server/cli/import-services.ts'
import { runCommand } from '../server/cli/run.ts'

await runCommand('services:import', () =>
  importServicesCommand(process.argv[2], 'npm run services:import -- <file.geojson|file.csv>'),
)
