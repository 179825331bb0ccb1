import postgres from 'postgres'
import { populate } from '../bench/lib/live-population.ts'
const [url, secret, base, n, mode] = process.argv.slice(2) as [string, string, string, string, string]
const sql = postgres(url, { max: 2, onnotice: () => {} })
const population = await populate(sql, secret, 50, 10)
await sql.end()
const request = population.requests[0]!
console.log('ready')
await new Promise((r) => process.stdin.once('data', r))
for (let i = 0; i < Number(n); i++) {
  const answer = mode.startsWith('/')
    ? await fetch(`${base}${mode.replace('$ID', String(request.request_id))}`, { headers: process.env.NOAUTH ? {} : { authorization: `Bearer ${request.ownerToken}` } })
    : mode === 'get'
    ? await fetch(`${base}/api/requests/${request.request_id}`, { headers: { authorization: `Bearer ${request.ownerToken}` } })
    : await fetch(`${base}/api/requests/${request.request_id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${request.ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ description: `probe ${i} flat tyre near the bridge, a pump would help` }),
      })
  await answer.arrayBuffer()
  if (!answer.ok) { console.error('status', answer.status); break }
}
console.log('done')
