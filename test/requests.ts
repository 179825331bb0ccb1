import type { FastifyInstance } from 'fastify'
import { bearer, clientAddress, registerUser, type RegisteredUser } from './accounts.ts'

export type Json = Record<string, unknown>

/** A user driving the request API the way the SPA does. */
export interface Actor {
  user: RegisteredUser
  get(url: string): Promise<{ status: number; body: Json & Json[] }>
  send(method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<{ status: number; body: Json }>
  create(fields?: Partial<CreateFields>): Promise<{ status: number; body: Json }>
}

export interface CreateFields {
  category: string
  description: string
  latitude: number | null
  longitude: number | null
  isApproximate: 0 | 1 | boolean
  isTest: 0 | 1 | boolean
}

export async function actor(app: FastifyInstance, dataDir: string, userName: string): Promise<Actor> {
  const user = await registerUser(app, dataDir, { user_name: userName })
  return actorFor(app, user)
}

export function actorFor(app: FastifyInstance, user: RegisteredUser): Actor {
  const remoteAddress = clientAddress()
  const send: Actor['send'] = async (method, url, payload) => {
    const response = await app.inject({
      method,
      url,
      headers: bearer(user.token),
      remoteAddress,
      ...(payload ? { payload } : {}),
    })
    return { status: response.statusCode, body: response.body ? (response.json() as Json) : {} }
  }
  return {
    user,
    send,
    async get(url) {
      const response = await app.inject({ url, headers: bearer(user.token), remoteAddress })
      return { status: response.statusCode, body: response.json() }
    },
    create: (fields = {}) =>
      send('POST', '/api/requests', {
        category: 'bicycle_maintenance',
        description: 'Flat tyre near the bridge',
        latitude: 60.1699,
        longitude: 24.9384,
        isApproximate: 0,
        ...fields,
      }),
  }
}
