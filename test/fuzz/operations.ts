import type { FastifyInstance } from 'fastify'

/** The part of JSON Schema the route schemas use (TypeBox output as @fastify/swagger serves it). */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  maxItems?: number
  format?: string
  $ref?: string
}

export interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required: boolean
  schema: Schema
  example?: unknown
}

/** One route of the API as its OpenAPI document describes it. */
export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  /** OpenAPI's path, `/api/requests/{id}`. */
  path: string
  parameters: Parameter[]
  body: { schema: Schema; example?: unknown } | null
  secured: boolean
  /** Whether every way of calling it needs a credential: security listed, and none of its alternatives empty. */
  credentialsRequired: boolean
  tags: string[]
  /** The statuses it documents: exact codes and classes such as `4XX`. */
  statuses: string[]
  /** The statuses documented as `{ message }`: all but the event stream's plain-GET 404, which has no body. */
  withMessage: string[]
}

interface Document {
  paths: Record<string, Record<string, RawOperation>>
  components?: { schemas?: Record<string, Schema> }
}

interface RawOperation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, { schema: Schema; example?: unknown }> }
  security?: Record<string, string[]>[]
  tags?: string[]
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

/** Every operation of the document the app serves, so a route added later is fuzzed without a change here. */
export async function apiOperations(app: FastifyInstance): Promise<Operation[]> {
  const answer = await app.inject({ url: '/api/openapi.json' })
  if (answer.statusCode !== 200) throw new Error(`no OpenAPI document: ${answer.statusCode}`)
  const document = answer.json<Document>()
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema
    const name = schema.$ref.replace('#/components/schemas/', '')
    const target = document.components?.schemas?.[name]
    if (!target) throw new Error(`unresolved ${schema.$ref}`)
    return resolve(target)
  }
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, raw]): Operation => {
      const json = raw.requestBody?.content?.['application/json']
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: (raw.parameters ?? []).map((p) => ({
          ...p,
          required: p.required ?? false,
          schema: resolve(p.schema),
        })),
        body: json ? { schema: resolve(json.schema), example: json.example } : null,
        secured: (raw.security?.length ?? 0) > 0,
        credentialsRequired:
          (raw.security?.length ?? 0) > 0 && raw.security!.every((option) => Object.keys(option).length > 0),
        tags: raw.tags ?? [],
        statuses: Object.keys(raw.responses ?? {}),
        withMessage: Object.entries(raw.responses ?? {})
          .filter(([, response]) =>
            Object.values(response.content ?? {}).some((c) => c.schema?.properties?.message !== undefined),
          )
          .map(([status]) => status),
      }
    }),
  )
}

/** Whether `statuses` (of an operation) list `status`, exactly or by its class (`4XX`). */
export function listed(statuses: readonly string[], status: number): boolean {
  return statuses.some((s) => s === String(status) || s.toUpperCase() === `${String(status)[0]}XX`)
}
