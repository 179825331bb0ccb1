import t, { type Test } from 'tap'
import type { Sql } from 'postgres'
import { nextWaveRecipients, unlocatedRecipients } from '../../../server/push/wave-selection.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import {
  away,
  HELSINKI,
  placeUser,
  TAMPERE,
  type Helper,
  type Place,
  escalateNow,
  receivedIds,
} from '../../push-helpers.ts'
import { readPush, startPushService } from '../../push-service.ts'
import { signedIn } from '../../signed-in.ts'

const idsOf = (...helpers: Helper[]) => helpers.map((h) => h.id).sort()

interface Ticked {
  kit?: string[]
  transport?: string[]
  languages?: string[]
}

/** placeUser, and what the helper ticked (written as PUT /api/user/abilities stores it). */
async function placeAbleUser(
  sql: Sql,
  origin: string,
  options: Parameters<typeof placeUser>[2] & Ticked,
): Promise<Helper> {
  const helper = await placeUser(sql, origin, options)
  await sql`
    update users
    set ability_kit = ${options.kit ?? []}::text[], ability_transport = ${options.transport ?? []}::text[],
      ability_languages = ${options.languages ?? []}::text[]
    where user_id = ${helper.userId}
  `
  return helper
}

async function setUp(t: Test, firstWave: number) {
  const service = await startPushService(tempDir(t))
  t.teardown(() => service.close())
  const app = await buildTestApp(
    t,
    {
      DATA_DIR: tempDir(t),
      PUSH_ENDPOINT_HOSTS: service.allowlistEntry,
      ALERT_FIRST_WAVE: firstWave,
      ALERT_MAX_RECIPIENTS: 200,
      // Escalation is run by hand (escalateNow).
      ALERT_ESCALATE_AFTER: 3600,
    },
    { pushCa: service.ca },
  )
  const place = (
    at: Place | null,
    km: number,
    bearing: number,
    options: Ticked & { language?: 'finnish' | 'swedish' | 'english' } = {},
  ) => placeAbleUser(app.sql, service.origin, { at: at && away(at, km, bearing), radius: 50, ...options })
  return { app, service, place }
}

t.test('bicycle maintenance: who has kit comes first among the about as near, then the rest', async (t) => {
  const { app, service, place } = await setUp(t, 3)
  // Ranked by the distance less 2 km for kit that fits and 1 km for speaking the owner's (Finnish) language:
  const fitsAndSpeaks = await place(HELSINKI, 2.5, 10, { kit: ['multi_tool'], languages: ['fi'], language: 'swedish' }) // -0.5
  const pump = await place(HELSINKI, 2.0, 80, { kit: ['pump_presta', 'lights'] }) // 0.0
  const nearest = await place(HELSINKI, 0.5, 150) // 0.5
  const tube = await place(HELSINKI, 2.8, 200, { kit: ['spare_tube'] }) // 0.8
  const near = await place(HELSINKI, 1.0, 250) // 1.0
  const lightsOnly = await place(HELSINKI, 1.5, 300, { kit: ['lights'] }) // 1.5: lights mend nothing
  const speaks = await place(HELSINKI, 3.2, 340, { language: 'finnish' }) // 2.2
  const chainTool = await place(HELSINKI, 4.5, 30, { kit: ['chain_tool'], languages: ['en'] }) // 2.5
  const van = await place(HELSINKI, 6.0, 120, { transport: ['van'] }) // 6.0: a van mends no bike
  const owner = await signedIn(app, 'Kumi Puhki')
  t.equal((await owner.send('PUT', '/api/user/language', { language: 'finnish' })).status, 200)
  const ownerId = owner.user.user.user_id

  const order = await nextWaveRecipients(
    app.sql,
    { request_id: 0, owner_id: ownerId, ...HELSINKI, category: 'bicycle_maintenance', owner_language: 'finnish' },
    100,
  )
  const ranked = [fitsAndSpeaks, pump, nearest, tube, near, lightsOnly, speaks, chainTool, van]
  t.same(
    order.map((r) => r.user_id),
    ranked.map((h) => h.userId),
    'a head start of 2 km for kit that fits and 1 km for the language, then the real distance',
  )
  t.same(
    order.map((r) => r.ability),
    ['multi_tool', 'pump_presta', null, 'spare_tube', null, null, null, 'chain_tool', null],
    'each with the item that fits, if any',
  )
  const plain = await nextWaveRecipients(app.sql, { request_id: 0, owner_id: ownerId, ...HELSINKI }, 100)
  t.same(
    plain.map((r) => r.user_id),
    [nearest, near, lightsOnly, pump, fitsAndSpeaks, tube, speaks, chainTool, van].map((h) => h.userId),
    'without a category or a language the order is the distance alone, as before',
  )

  const created = await owner.create({ ...HELSINKI, category: 'bicycle_maintenance', description: 'Takarengas puhki' })
  t.equal(created.status, 201)
  const requestId = created.body.request_id
  await app.push.idle()
  t.same(receivedIds(service), idsOf(fitsAndSpeaks, pump, nearest), 'the first wave: the three ranked first')

  const bodyOf = (helper: Helper) =>
    readPush(
      service.received.find((push) => push.id === helper.id)!,
      helper.browser,
    ).notification.body
  t.equal(bodyOf(pump), 'You have a pump with you. Bicycle maintenance: Takarengas puhki', 'the reason, first')
  t.equal(
    bodyOf(fitsAndSpeaks),
    'Du har ett multiverktyg med dig. Cykelreparation: Takarengas puhki',
    "in the helper's own language",
  )
  t.equal(bodyOf(nearest), 'Bicycle maintenance: Takarengas puhki', 'no reason for one who ticked nothing')

  const stored = await app.sql<{ user_id: number; ability: string | null }[]>`
    select user_id, ability from push_alerts where request_id = ${requestId} order by user_id`
  t.same(
    stored,
    [
      { user_id: fitsAndSpeaks.userId, ability: 'multi_tool' },
      { user_id: pump.userId, ability: 'pump_presta' },
      { user_id: nearest.userId, ability: null },
    ].sort((a, b) => a.user_id - b.user_id),
    'each alert records the item it named',
  )
  const progress = await owner.get(`/api/requests/${requestId}/progress`)
  t.match(progress.body, { alerted: 3, fitting: 2, fitting_ability: 'repair_kit' }, "the owner's progress counts them")

  let since = service.received.length
  await escalateNow(app)
  t.same(receivedIds(service, since), idsOf(tube, near, lightsOnly), 'the second wave goes on down the ranking')
  since = service.received.length
  await escalateNow(app)
  t.same(
    receivedIds(service, since),
    idsOf(speaks, chainTool, van),
    'and those who ticked nothing that fits are alerted all the same once the fitting ones are used up',
  )
  t.match((await owner.get(`/api/requests/${requestId}/progress`)).body, { alerted: 9, fitting: 4 })
})

t.test('a transportation need: a vehicle fits; food and other prefer no ability, only the language', async (t) => {
  const { app, service, place } = await setUp(t, 1)
  const walker = await place(TAMPERE, 1.0, 0, { kit: ['pump_presta'] }) // no vehicle: 1.0
  const car = await place(TAMPERE, 2.9, 90, { transport: ['car_with_rack', 'cargo_bike'] }) // 0.9
  const cargo = await place(TAMPERE, 3.5, 180, { transport: ['cargo_bike'] }) // 1.5
  const owner = await signedIn(app, 'Kyyti')
  const ownerId = owner.user.user.user_id
  const wave = (category: 'transportation_need' | 'food_and_hydration' | 'other') =>
    nextWaveRecipients(
      app.sql,
      { request_id: 0, owner_id: ownerId, ...TAMPERE, category, owner_language: 'english' },
      10,
    )

  t.same(
    (await wave('transportation_need')).map((r) => [r.user_id, r.ability]),
    [
      [car.userId, 'car_with_rack'],
      [walker.userId, null],
      [cargo.userId, 'cargo_bike'],
    ],
    'the car first (its rack is the reason named), the cargo bike after a walker 2.5 km nearer',
  )
  for (const category of ['food_and_hydration', 'other'] as const) {
    t.same(
      (await wave(category)).map((r) => [r.user_id, r.ability]),
      [
        [walker.userId, null],
        [car.userId, null],
        [cargo.userId, null],
      ],
      `${category}: anyone can help, nearest first, no reason named`,
    )
  }

  const created = await owner.create({ ...TAMPERE, category: 'transportation_need', description: 'Vanne rikki' })
  await app.push.idle()
  t.same(receivedIds(service), idsOf(car))
  t.equal(
    readPush(service.received[0]!, car.browser).notification.body,
    'You have a car with a bike rack. Transport needed: Vanne rikki',
  )
  t.match((await owner.get(`/api/requests/${created.body.request_id}/progress`)).body, {
    alerted: 1,
    fitting: 1,
    fitting_ability: 'vehicle',
  })

  const food = await owner.create({ ...TAMPERE, category: 'food_and_hydration', description: 'Nälkä' })
  t.equal(food.status, 201)
  await app.push.idle()
  t.match((await owner.get(`/api/requests/${food.body.request_id}/progress`)).body, {
    alerted: 1,
    fitting: 0,
    fitting_ability: null,
  })
})

t.test('without a location: who fits first, then the language, then the most recently located', async (t) => {
  const { app, place } = await setUp(t, 15)
  const recent = await place(HELSINKI, 1, 0)
  const speaks = await place(HELSINKI, 2, 0, { languages: ['sv'] })
  const tube = await place(HELSINKI, 3, 0, { kit: ['spare_tube'] })
  await app.sql`update users set location_updated_at = now() where user_id = ${recent.userId}`
  const unlocatedPlain = await place(null, 0, 0)
  const unlocatedFits = await place(null, 0, 0, { kit: ['patch_kit'] })
  const owner = await signedIn(app, 'Paikaton')
  const request = {
    request_id: 0,
    owner_id: owner.user.user.user_id,
    latitude: null,
    longitude: null,
    category: 'bicycle_maintenance' as const,
    owner_language: 'swedish' as const,
  }
  t.same(
    (await nextWaveRecipients(app.sql, request, 10)).map((r) => r.user_id),
    [tube, speaks, recent].map((h) => h.userId),
  )
  t.same(
    (await unlocatedRecipients(app.sql, request, 1)).map((r) => [r.user_id, r.ability]),
    [[unlocatedFits.userId, 'patch_kit']],
    'where places are short among those who share no location, who fits gets one',
  )
  t.same(
    (await unlocatedRecipients(app.sql, request, 10)).map((r) => r.user_id),
    [unlocatedFits, unlocatedPlain].map((h) => h.userId),
    'and everyone still has theirs when there is room',
  )
})
