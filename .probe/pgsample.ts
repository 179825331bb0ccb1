import postgres from 'postgres'
import { Session } from 'node:inspector/promises'
import { writeFileSync } from 'node:fs'
const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 4, onnotice: () => {} })
const frag = (i: number) => sql`(${i}::int + ${sql`1`})`
const session = new Session()
session.connect()
for (let i = 0; i < 4000; i++) {
  if (i === 1000) await session.post('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: false })
  const parts = Array.from({ length: 30 }, (_, k) => frag(k))
  await sql`select ${parts.reduce((all, p) => sql`${all} + ${p}`)} as total, ${i}::int as i`
}
const { profile } = await session.post('HeapProfiler.stopSampling')
writeFileSync('/tmp/pgsample.heapprofile', JSON.stringify(profile))
await sql.end()
