import t from 'tap'
import { bearer } from '../../accounts.ts'
import { buildTestApp } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'
import { USER_ERRORS } from '../../../server/domain/accounts/errors.ts'

interface UserAnswer {
  user: { user_id: number; abilities: unknown }
}

const NONE = { kit: [], transport: [], firstAid: false, languages: [] }

t.test('PUT /api/user/abilities: what the user can help with, stored once each, shown with the user', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const actor = await signedIn(app, 'Taitava')
  const userId = actor.user.user.user_id
  const put = (payload: unknown, token = actor.user.token) =>
    app.inject({ method: 'PUT', url: '/api/user/abilities', headers: bearer(token), payload: payload as object })
  const stored = async () =>
    (
      await app.sql`
        select ability_kit, ability_transport, ability_first_aid, ability_languages from users
        where user_id = ${userId}`
    )[0]

  t.same(actor.user.user.abilities, NONE, 'a new account has ticked nothing')

  const saved = await put({
    kit: ['spare_tube', 'pump_presta', 'spare_tube', 'lights'],
    transport: ['van', 'van'],
    firstAid: true,
    languages: ['sv', 'fi', 'sv'],
  })
  t.equal(saved.statusCode, 200, saved.body)
  const abilities = {
    kit: ['pump_presta', 'spare_tube', 'lights'],
    transport: ['van'],
    firstAid: true,
    languages: ['fi', 'sv'],
  }
  t.same(saved.json<UserAnswer>().user.abilities, abilities, 'duplicates dropped, in the order of the lists')
  t.equal(saved.json<UserAnswer>().user.user_id, userId, 'the whole user comes back')
  t.same(
    await stored(),
    {
      ability_kit: ['pump_presta', 'spare_tube', 'lights'],
      ability_transport: ['van'],
      ability_first_aid: true,
      ability_languages: ['fi', 'sv'],
    },
    'stored as answered',
  )
  const me = await app.inject({ url: '/api/user/protected-route', headers: bearer(actor.user.token) })
  t.same(me.json<UserAnswer>().user.abilities, abilities, 'the user at start has them')
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { identifier: 'Taitava', password: actor.user.password },
  })
  t.same(login.json<UserAnswer>().user.abilities, abilities, 'and so does a login')

  t.test('a bad field is a 400 naming it, and changes nothing', async (t) => {
    const good = { kit: ['multi_tool'], transport: [], firstAid: false, languages: ['en'] }
    const cases: Array<[string, unknown, string]> = [
      ['an unknown kit item', { ...good, kit: ['multi_tool', 'hammer'] }, USER_ERRORS.abilitiesKit],
      ['kit not a list', { ...good, kit: 'pump_presta' }, USER_ERRORS.abilitiesKit],
      ['kit missing', { transport: [], firstAid: false, languages: [] }, USER_ERRORS.abilitiesKit],
      ['an item that is not text', { ...good, kit: [3] }, USER_ERRORS.abilitiesKit],
      ['an unknown vehicle', { ...good, transport: ['tractor'] }, USER_ERRORS.abilitiesTransport],
      ['transport null', { ...good, transport: null }, USER_ERRORS.abilitiesTransport],
      ['firstAid as text', { ...good, firstAid: 'yes' }, USER_ERRORS.abilitiesFirstAid],
      ['firstAid missing', { kit: [], transport: [], languages: [] }, USER_ERRORS.abilitiesFirstAid],
      ['a language the app has not', { ...good, languages: ['de'] }, USER_ERRORS.abilitiesLanguages],
      ['a language by its name', { ...good, languages: ['finnish'] }, USER_ERRORS.abilitiesLanguages],
      ['far too long a list', { ...good, kit: Array(50).fill('lights') }, USER_ERRORS.abilitiesKit],
    ]
    for (const [what, payload, message] of cases) {
      const answer = await put(payload)
      t.equal(answer.statusCode, 400, what)
      t.equal(answer.json<{ message: string }>().message, message, `${what}: the message names the field`)
    }
    t.equal((await put({ ...good, kit: [] }, 'not-a-token')).statusCode, 401)
    t.equal((await put({ ...good, kit: ['hammer'] }, 'not-a-token')).statusCode, 401, 'the session is checked first')
    t.same((await stored())!.ability_kit, ['pump_presta', 'spare_tube', 'lights'], 'nothing refused was stored')
  })

  t.test('ticking nothing clears them', async (t) => {
    const cleared = await put(NONE)
    t.equal(cleared.statusCode, 200)
    t.same(cleared.json<UserAnswer>().user.abilities, NONE)
  })
})

t.test('the database holds the same lists', async (t) => {
  const app = await buildTestApp(t, {}, { pushWorker: { worker: false } })
  const actor = await signedIn(app, 'Tarkka')
  const refusal = async (change: Promise<unknown>) => {
    try {
      await change
      return null
    } catch (error) {
      return (error as { constraint_name?: string }).constraint_name
    }
  }
  const userId = actor.user.user.user_id
  t.equal(
    await refusal(app.sql`update users set ability_kit = '{hammer}' where user_id = ${userId}`),
    'users_ability_kit_check',
  )
  t.equal(
    await refusal(app.sql`update users set ability_transport = '{tractor}' where user_id = ${userId}`),
    'users_ability_transport_check',
  )
  t.equal(
    await refusal(app.sql`update users set ability_languages = '{de}' where user_id = ${userId}`),
    'users_ability_languages_check',
  )
})
