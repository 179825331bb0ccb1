import { createServer, type Server } from 'node:http'
import { craftJwt } from './jwt.ts'

export interface EmulatedUser {
  uid: string
  phoneNumber: string
  disabled?: boolean
}

/**
 * Stands in for the Firebase Auth emulator's REST lookup (`accounts:lookup`), the one call firebase-admin makes
 * when verifying an emulator ID token. The real Firebase servers cannot be reached from here.
 */
export async function startAuthEmulator(
  users: EmulatedUser[],
): Promise<{ host: string; lookups: string[]; close(): Promise<void> }> {
  const lookups: string[] = []
  const server: Server = createServer((request, response) => {
    let data = ''
    request.on('data', (chunk: Buffer) => (data += chunk.toString()))
    request.on('end', () => {
      if (!request.url?.endsWith('/accounts:lookup')) return response.writeHead(404).end()
      const { localId = [] } = JSON.parse(data || '{}') as { localId?: string[] }
      lookups.push(...localId)
      const found = users
        .filter((user) => localId.includes(user.uid))
        .map((user) => ({ localId: user.uid, phoneNumber: user.phoneNumber, disabled: user.disabled ?? false }))
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(found.length ? { users: found } : {}))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return {
    host: `127.0.0.1:${port}`,
    lookups,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** An ID token as the Auth emulator issues it after a phone sign-in: unsigned (alg none). */
export function emulatorIdToken(projectId: string, user: EmulatedUser, claims: object = {}): string {
  const now = Math.floor(Date.now() / 1000)
  return craftJwt(
    {
      iss: `https://securetoken.google.com/${projectId}`,
      aud: projectId,
      auth_time: now,
      user_id: user.uid,
      sub: user.uid,
      iat: now,
      exp: now + 3600,
      phone_number: user.phoneNumber,
      firebase: { identities: { phone: [user.phoneNumber] }, sign_in_provider: 'phone' },
      ...claims,
    },
    { alg: 'none' },
  )
}
