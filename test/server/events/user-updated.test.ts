import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { buildTestApp, tempDir } from '../../helper.ts'
import { openEvents, receivedBeforeMarker, type EventClient, type ServerEvent } from '../../event-client.ts'
import { signedIn } from '../../signed-in.ts'

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 })
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
}

const userUpdated = (event: ServerEvent) => event.type === 'user.updated'
const isAdminIn = (event: ServerEvent) => (event as { user?: { isAdmin?: boolean } }).user?.isAdmin

t.test('the user’s own sockets hear of a role or account change at once', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const base = await listen(app)
  const sockets: EventClient[] = []
  t.teardown(() => sockets.forEach((socket) => socket.close()))
  const user = await signedIn(app, 'Promoted')
  const userId = user.user.user.user_id
  const socket = await openEvents(base, user.user.token)
  sockets.push(socket)
  /** What the admin command does: set the flag, then tell every instance. */
  const setAdmin = async (isAdmin: boolean) => {
    await app.sql`update users set is_admin = ${isAdmin} where user_id = ${userId}`
    await app.events.publish({ type: 'user', userId })
  }

  await setAdmin(true)
  const granted = await socket.next(userUpdated)
  t.equal(isAdminIn(granted), true, 'granted: the new role')
  const after = (first: ServerEvent) => (event: ServerEvent) =>
    socket.events.indexOf(event) > socket.events.indexOf(first)
  await socket.next((event) => event.type === 'refetch' && after(granted)(event))
  t.pass('then a refetch: test requests appear')
  const answer = (await user.get('/api/user/protected-route')).body as { user?: { isAdmin?: boolean } }
  t.equal(answer.user?.isAdmin, true, 'the user answer says so too')

  await setAdmin(false)
  const revoked = await socket.next((event) => userUpdated(event) && after(granted)(event))
  t.equal(isAdminIn(revoked), false, 'revoked')

  // A location report reloads the user too, but changes nothing the app shows: nothing is told.
  const seen = socket.events.length
  await user.send('PUT', '/api/user/location', { latitude: 60.2, longitude: 24.9 })
  const told = await receivedBeforeMarker(
    socket,
    (event) => userUpdated(event) && socket.events.indexOf(event) >= seen,
    async () => {
      await user.send('PUT', '/api/user/radius', { radius: 42 })
      return (event) => userUpdated(event) && (event as { user?: { radius?: number } }).user?.radius === 42
    },
  )
  t.notOk(told, 'a location report is not told; a radius change (the marker) is')

  const preferences = { quietStart: '21:30', quietEnd: '06:00', hourlyCap: 2 }
  t.equal((await user.send('PUT', '/api/user/notification-preferences', preferences)).status, 200)
  const changed = await socket.next(
    (event) => userUpdated(event) && (event as { user?: { hourlyCap?: number } }).user?.hourlyCap === 2,
  )
  t.match(changed, { user: preferences }, 'notification preferences changed on another device: told')

  t.equal((await user.send('PUT', '/api/user/available-to-help', { availableToHelp: false })).status, 200)
  const resting = await socket.next(
    (event) =>
      userUpdated(event) && (event as { user?: { availableToHelp?: boolean } }).user?.availableToHelp === false,
  )
  t.match(resting, { user: { availableToHelp: false } }, '"I can help now" switched off on another device: told')
})
