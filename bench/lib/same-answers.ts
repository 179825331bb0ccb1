/**
 * The real server's answers recorded as they went over the wire, and the baseline process that sends them again
 * (bench/lib/same-answers-server.ts): node:http in a process of its own answering each path with the same status,
 * headers and bytes from memory, so a ratio against it is what routing, hooks, validation and logging cost.
 */
import { writeFileSync } from 'node:fs'
import { get } from 'node:http'
import { join } from 'node:path'
import { startTsChild, type Child } from './processes.ts'

export interface Answer {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** One answer of the real server as it went over the wire (fetch would decode the brotli). */
export function wire(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers as Record<string, string>,
          body: Buffer.concat(chunks),
        }),
      )
    }).on('error', reject)
  })
}

/** The key the baseline finds an answer by: the path and the If-None-Match sent with it. */
export const answerKey = (path: string, headers: Record<string, string>): string =>
  `${path} ${headers['if-none-match'] ?? ''}`

/** Headers node:http writes by itself (and the baseline's own transfer framing): not copied. */
const NODE_OWN = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'])

/**
 * Starts the baseline process with these answers (by `answerKey`): the real server's status, headers and bytes, its
 * x-request-id a fixed UUID of the same length; node:http writes date, connection and content-length itself. The
 * answers file goes into `dir`.
 */
export function startSameAnswersServer(dir: string, answers: Map<string, Answer>): Promise<Child> {
  const stored = [...answers].map(([key, answer]) => {
    const headers: Record<string, string | number> = { 'content-length': answer.body.length }
    for (const [name, value] of Object.entries(answer.headers)) if (!NODE_OWN.has(name)) headers[name] = value
    if (headers['x-request-id'] !== undefined) headers['x-request-id'] = '00000000-0000-4000-8000-000000000000'
    return { key, status: answer.status, headers, body: answer.body.toString('base64') }
  })
  const file = join(dir, 'answers.json')
  writeFileSync(file, JSON.stringify(stored))
  return startTsChild('bench/lib/same-answers-server.ts', { ANSWERS_FILE: file }, '/__ready')
}
