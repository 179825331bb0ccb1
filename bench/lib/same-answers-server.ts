/**
 * The baseline of the request-cost bench in a process of its own: node:http answering each path (and its
 * If-None-Match) with the status, headers and bytes the real server sent, from memory, without routing, hooks,
 * validation or log lines. ANSWERS_FILE: a JSON list of { key: "<url> <if-none-match>", status, headers, body
 * (base64) } (`startSameAnswersServer` in bench/lib/same-answers.ts writes it); PORT and HOST as the real server takes them.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

interface StoredAnswer {
  key: string
  status: number
  headers: Record<string, string | number>
  body: string
}

const answers = new Map(
  (JSON.parse(readFileSync(process.env.ANSWERS_FILE!, 'utf8')) as StoredAnswer[]).map((answer) => [
    answer.key,
    { status: answer.status, headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
)

createServer((request, response) => {
  if (request.url === '/__ready') return response.writeHead(200).end()
  const answer = answers.get(`${request.url} ${request.headers['if-none-match'] ?? ''}`)
  if (!answer) return response.writeHead(404).end()
  response.writeHead(answer.status, answer.headers).end(answer.body)
}).listen(Number(process.env.PORT), process.env.HOST ?? '127.0.0.1')
