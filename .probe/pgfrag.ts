import postgres from 'postgres'
const sql = postgres('postgres://postgres@127.0.0.1:5432/postgres', { max: 4, onnotice: () => {} })
const mode = process.argv[2]
const n = Number(process.argv[3] ?? 5000)
const frag = (i: number) => sql`(${i}::int + ${sql`1`})`
for (let i = 0; i < n; i++) {
  if (i === 500) console.error('measuring')
  if (mode === 'plain') await sql`select ${i}::int as a, ${'x'} as b`
  else if (mode === 'frags') {
    const parts = Array.from({ length: 30 }, (_, k) => frag(k))
    await sql`select ${parts.reduce((all, p) => sql`${all} + ${p}`)} as total, ${i}::int as i`
  } else if (mode === 'tx') await sql.begin(async (tx) => { await tx`select ${i}::int`; await tx`select ${'y'}::text` })
  else if (mode === 'rows') await sql`select g, md5(g::text) as h, now() as t from generate_series(1, 20) g`
}
console.error('end')
await sql.end()
