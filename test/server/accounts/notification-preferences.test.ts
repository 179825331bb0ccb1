import t from 'tap'
import { bearer } from '../../accounts.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { signedInUser } from '../../signed-in.ts'

interface Preferences {
  quietStart: string | null
  quietEnd: string | null
  hourlyCap: number
}

t.test('notification preferences: quiet hours and the hourly cap', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const user = await signedInUser(app, { user_name: 'Hiljainen' })
  const put = (payload: object, token = user.token) =>
    app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: bearer(token), payload })
  const stored = async () => {
    const [row] = await app.sql<{ quiet_start: string | null; quiet_end: string | null; hourly_alert_cap: number }[]>`
      select quiet_start::text, quiet_end::text, hourly_alert_cap from users where user_id = ${user.user.user_id}`
    return row
  }

  t.match(user.user, { quietStart: null, quietEnd: null, hourlyCap: 6 }, 'a new account: no quiet hours, 6 an hour')

  const saved = await put({ quietStart: '22:00', quietEnd: '07:30', hourlyCap: 3 })
  t.equal(saved.statusCode, 200, saved.body)
  t.match(saved.json<{ user: Preferences }>().user, { quietStart: '22:00', quietEnd: '07:30', hourlyCap: 3 })
  t.same(await stored(), { quiet_start: '22:00:00', quiet_end: '07:30:00', hourly_alert_cap: 3 })
  const me = await app.inject({ url: '/api/user/protected-route', headers: bearer(user.token) })
  t.match(
    me.json<{ user: Preferences }>().user,
    { quietStart: '22:00', quietEnd: '07:30', hourlyCap: 3 },
    'the user the SPA loads at start carries them',
  )

  const refused: Array<[object, string]> = [
    [{ quietStart: '22:00', quietEnd: null, hourlyCap: 6 }, 'Give both ends of the quiet hours, or neither'],
    [{ quietStart: null, quietEnd: '07:00', hourlyCap: 6 }, 'Give both ends of the quiet hours, or neither'],
    [{ quietStart: '24:00', quietEnd: '07:00', hourlyCap: 6 }, 'Quiet hours must be times such as 22:00'],
    [{ quietStart: '7:00', quietEnd: '08:00', hourlyCap: 6 }, 'Quiet hours must be times such as 22:00'],
    [{ quietStart: '22:00:00', quietEnd: '07:00', hourlyCap: 6 }, 'Quiet hours must be times such as 22:00'],
    [{ quietStart: 'tonight', quietEnd: '07:00', hourlyCap: 6 }, 'Quiet hours must be times such as 22:00'],
    [{ quietStart: '', quietEnd: '', hourlyCap: 6 }, 'Quiet hours must be times such as 22:00'],
    [{ quietStart: '23:15', quietEnd: '23:15', hourlyCap: 6 }, 'Quiet hours must start and end at different times'],
    [{ quietStart: null, quietEnd: null, hourlyCap: 0 }, 'Alerts per hour must be 1-30'],
    [{ quietStart: null, quietEnd: null, hourlyCap: 31 }, 'Alerts per hour must be 1-30'],
    [{ quietStart: null, quietEnd: null, hourlyCap: -2147483648 }, 'Alerts per hour must be 1-30'],
  ]
  for (const [body, message] of refused) {
    const answer = await put(body)
    t.equal(answer.statusCode, 400, JSON.stringify(body))
    t.same(answer.json(), { message }, `${JSON.stringify(body)}: ${message}`)
  }
  for (const body of [
    { quietStart: null, quietEnd: null, hourlyCap: 2.5 },
    { quietStart: null, quietEnd: null, hourlyCap: '6' },
    { quietStart: null, quietEnd: null },
    { quietStart: 2200, quietEnd: 700, hourlyCap: 6 },
  ]) {
    const answer = await put(body)
    t.equal(answer.statusCode, 400, `wrong types are a 400 too: ${JSON.stringify(body)}`)
    t.type(answer.json<{ message: unknown }>().message, 'string')
  }
  t.same(
    await stored(),
    { quiet_start: '22:00:00', quiet_end: '07:30:00', hourly_alert_cap: 3 },
    'refused values changed nothing',
  )

  const cleared = await put({ quietStart: null, quietEnd: null, hourlyCap: 30 })
  t.equal(cleared.statusCode, 200)
  t.match(cleared.json<{ user: Preferences }>().user, { quietStart: null, quietEnd: null, hourlyCap: 30 })
  t.same(await stored(), { quiet_start: null, quiet_end: null, hourly_alert_cap: 30 }, 'quiet hours off')
  t.equal((await put({ quietStart: ' 08:00 ', quietEnd: '09:00', hourlyCap: 1 })).statusCode, 200, 'spaces trimmed')

  t.equal((await put({ quietStart: null, quietEnd: null, hourlyCap: 6 }, 'not-a-token')).statusCode, 401)
})
