/**
 * GET /api/requests serialises its answer with JSON.stringify rather than the response schema's fast-json-stringify
 * (issue 15: 8.6x slower at 10k rows). This measures both on the same rows, interleaved, and prints the medians:
 * `npx tsx bench/list-serialise.ts [rows]`.
 */
import { Type } from '@sinclair/typebox'
import fastJson from 'fast-json-stringify'
import { RequestJsonSchema, type HelpRequest } from '../server/schemas/request.ts'

const count = Number(process.argv[2] ?? 10_000)
const rows: HelpRequest[] = Array.from({ length: count }, (_, i) => ({
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
  responder_phone: null,
  isOwnRequest: false,
  got_help: null,
  phoneOnlyToHelper: false,
}))

const schemaSerialise = fastJson(Type.Array(RequestJsonSchema) as object)
const contenders = { 'fast-json-stringify (schema)': schemaSerialise, 'JSON.stringify': JSON.stringify }
if (schemaSerialise(rows) !== JSON.stringify(rows)) throw new Error('the two disagree on the same rows')

const times: Record<string, number[]> = Object.fromEntries(Object.keys(contenders).map((name) => [name, []]))
for (let round = 0; round < 15; round++) {
  for (const [name, serialise] of Object.entries(contenders)) {
    const start = process.hrtime.bigint()
    serialise(rows)
    times[name]!.push(Number(process.hrtime.bigint() - start) / 1e6)
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const baseline = median(times['JSON.stringify']!)
console.log(`${count} requests, ${(JSON.stringify(rows).length / 1e6).toFixed(2)} MB, median of 15 interleaved rounds`)
for (const [name, values] of Object.entries(times)) {
  console.log(
    `${name.padEnd(30)} ${median(values).toFixed(1).padStart(7)} ms  ${(median(values) / baseline).toFixed(2)}x`,
  )
}
