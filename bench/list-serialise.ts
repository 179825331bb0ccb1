/**
 * GET /api/requests serialises its answer with JSON.stringify rather than the response schema's fast-json-stringify
 * (docs/performance.md: 8.6x slower at 10k rows). This measures both on the same rows, interleaved, and prints the
 * medians: `npx tsx bench/list-serialise.ts [rows]`. In `npm run bench` (`listSerialise`) at 200 and 10k rows.
 */
import { Type } from '@sinclair/typebox'
import fastJson from 'fast-json-stringify'
import { RequestJsonSchema, type HelpRequest } from '../server/schemas/request.ts'
import { compared, loadAverage, median, type Bench } from './lib/report.ts'

const ROUNDS = 15

function requestRows(count: number): HelpRequest[] {
  return Array.from({ length: count }, (_, i) => ({
    request_id: i + 1,
    category: 'bicycle_maintenance',
    status: i % 3 === 0 ? 'in progress' : 'new',
    description: `Takarengas puhki Keskuspuiston pyörätiellä, tarvitsen pumpun ja paikkasarjan (${i})`,
    user_name: `Pyöräilijä${i % 500}`,
    phone: null,
    latitude: 60 + (i % 1000) / 1000,
    longitude: 24 + (i % 777) / 777,
    isApproximate: i % 2 === 0,
    is_test: false,
    views: null,
    created_at: new Date(1_764_000_000_000 + i * 1000).toISOString(),
    updated_at: new Date(1_764_000_000_000 + i * 2000).toISOString(),
    responder_id: i % 3 === 0 ? 7 : null,
    responder_user_name: i % 3 === 0 ? 'Auttaja' : null,
    responder_distance_km: null,
    responder_phone: null,
    isOwnRequest: false,
    got_help: null,
    phoneOnlyToHelper: false,
    phoneLimitReached: false,
    mayActAbout: [{ about: 'owner' as const, user_name: `Pyöräilijä${i % 500}` }],
  }))
}

export interface SerialiseResult {
  count: number
  megabytes: number
  /** Median milliseconds per contender. */
  medians: Record<string, number>
  /** Whether both wrote the same JSON (they must). */
  agree: boolean
}

const SCHEMA = 'fast-json-stringify (schema)'
const BASELINE = 'JSON.stringify'

export function measureSerialise(count: number): SerialiseResult {
  const rows = requestRows(count)
  const schemaSerialise = fastJson(Type.Array(RequestJsonSchema) as object)
  const contenders = { [SCHEMA]: schemaSerialise, [BASELINE]: JSON.stringify }
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, serialise] of Object.entries(contenders)) {
      const start = process.hrtime.bigint()
      serialise(rows)
      times[name]!.push(Number(process.hrtime.bigint() - start) / 1e6)
    }
  }
  return {
    count,
    megabytes: JSON.stringify(rows).length / 1e6,
    medians: Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)])),
    agree: schemaSerialise(rows) === JSON.stringify(rows),
  }
}

export const listSerialise: Bench = {
  name: 'list-serialise',
  async run() {
    return [200, 10_000].map((count) => {
      const result = measureSerialise(count)
      return compared({
        group: 'list serialisation',
        name: `${count} requests: fast-json-stringify (the response schema)`,
        value: result.medians[SCHEMA]!,
        unit: 'ms',
        baseline: result.medians[BASELINE]!,
        note:
          `baseline: JSON.stringify (what the route uses); ${result.megabytes.toFixed(2)} MB, median of ${ROUNDS} ` +
          `interleaved rounds${result.agree ? '' : '; the two wrote DIFFERENT JSON'}; load ${loadAverage()}`,
      })
    })
  },
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const result = measureSerialise(Number(process.argv[2] ?? 10_000))
  if (!result.agree) console.log('the two disagree on the same rows')
  const baseline = result.medians[BASELINE]!
  console.log(`${result.count} requests, ${result.megabytes.toFixed(2)} MB, median of ${ROUNDS} interleaved rounds`)
  for (const [name, value] of Object.entries(result.medians)) {
    console.log(`${name.padEnd(30)} ${value.toFixed(1).padStart(7)} ms  ${(value / baseline).toFixed(2)}x`)
  }
}
