import type { FastifyInstance } from 'fastify'
import { bearer, clientAddress, type RegisteredUser } from './accounts.ts'

export type Json = Record<string, unknown>

/** A request as the API returns it; only the id is typed, the tests match the rest. */
export type RequestJson = Json & { request_id: number }

/** A user driving the request API the way the SPA does. */
export interface Actor {
  user: RegisteredUser
  get(url: string): Promise<{ status: number; body: Json & Json[] }>
  /** `T` names the fields of the answer a test reads beyond what it matches. */
  send<T extends Json = Json>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<{ status: number; body: T }>
  create(fields?: Partial<CreateFields>): Promise<{ status: number; body: RequestJson }>
}

export interface CreateFields {
  category: string
  description: string
  latitude: number | null
  longitude: number | null
  isApproximate: 0 | 1 | boolean
  isTest: 0 | 1 | boolean
  phoneOnlyToHelper: 0 | 1 | boolean
}

export function actorFor(app: FastifyInstance, user: RegisteredUser): Actor {
  const remoteAddress = clientAddress()
  const send = async <T extends Json = Json>(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<{ status: number; body: T }> => {
    const response = await app.inject({
      method,
      url,
      headers: bearer(user.token),
      remoteAddress,
      ...(payload ? { payload } : {}),
    })
    return { status: response.statusCode, body: response.body ? response.json<T>() : ({} as T) }
  }
  return {
    user,
    send,
    async get(url) {
      const response = await app.inject({ url, headers: bearer(user.token), remoteAddress })
      return { status: response.statusCode, body: response.json() }
    },
    create: (fields = {}) =>
      send<RequestJson>('POST', '/api/requests', {
        category: 'bicycle_maintenance',
        description: 'Flat tyre near the bridge',
        latitude: 60.1699,
        longitude: 24.9384,
        isApproximate: 0,
        ...fields,
      }),
  }
}
