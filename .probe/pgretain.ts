import postgres from 'postgres'
import { writeHeapSnapshot } from 'node:v8'
const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 4, onnotice: () => {} })
const frag = (i: number) => sql`(${i}::int + ${sql`1`})`
const refs: WeakRef<object>[] = []
for (let i = 0; i < 3000; i++) {
  const parts = Array.from({ length: 30 }, (_, k) => frag(k))
  if (i % 100 === 0) refs.push(new WeakRef(parts[5]!))
  await sql`select ${parts.reduce((all, p) => sql`${all} + ${p}`)} as total, ${i}::int as i`
}
;(globalThis as { gc?: () => void }).gc?.()
await new Promise((r) => setImmediate(r))
console.log('alive of', refs.length, refs.filter((r) => r.deref() !== undefined).length)
console.log(writeHeapSnapshot('/tmp/pgretain.heapsnapshot'))
await sql.end()
