/**
 * `npm run bench:docs`: rewrites the table of the latest runs in docs/performance.md from bench/results.json and
 * bench/results-busy.json, as `npm run bench` does after a whole run (bench/lib/docs-table.ts).
 */
import { writeDocsTable } from './lib/docs-table.ts'

writeDocsTable()
