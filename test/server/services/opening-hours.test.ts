import { readFileSync } from 'node:fs'
import t from 'tap'
import { SAMPLE_SERVICES_FILE } from '../../../server/plugins/sample-services.ts'
import { importServices } from '../../../server/domain/services/services.ts'
import { parseServiceFile } from '../../../server/services-import/parse.ts'
import { buildTestApp, tempDir } from '../../helper.ts'
import { signedIn } from '../../signed-in.ts'

const body = {
  external_id: 'hours-1',
  category: 'shop',
  latitude: 60.17,
  longitude: 24.94,
  localizations: [{ language: 'fi', name: 'Pyöräkauppa' }],
}

interface Listed {
  service_id: number
  opening_hours: string | null
}

t.test('opening_hours: stored, in GET /api/services, checked on admin edits, and the ETag follows it', async (t) => {
  const app = await buildTestApp(t, { DATA_DIR: tempDir(t), SAMPLE_SERVICES: false })
  const admin = await signedIn(app, 'Hours Admin', true)
  const list = async () => {
    const answer = await app.inject({ url: '/api/services' })
    return { etag: answer.headers.etag as string, services: answer.json<Listed[]>() }
  }

  const hours = 'Mo-Fr 10:00-18:00; Sa 10:00-15:00; PH off'
  const created = await admin.send<{ service_id: number }>('POST', '/api/services', { ...body, opening_hours: hours })
  t.equal(created.status, 201)
  const unknown = await admin.send<{ service_id: number }>('POST', '/api/services', { ...body, external_id: null })
  const first = await list()
  const byId = (id: number) => first.services.find((service) => service.service_id === id)
  t.equal(byId(created.body.service_id)?.opening_hours, hours, 'as written')
  t.equal(byId(unknown.body.service_id)?.opening_hours, null, 'left out: null, unknown')
  t.ok(
    first.services.every((service) => 'opening_hours' in service),
    'every service carries the field',
  )

  // Only the hours change: the list's ETag must change with them, or browsers would keep the old hours.
  const id = created.body.service_id
  const put = await admin.send('PUT', `/api/services/${id}`, { ...body, opening_hours: 'Mo-Su 09:00-21:00' })
  t.equal(put.status, 200)
  const revalidated = await app.inject({ url: '/api/services', headers: { 'if-none-match': first.etag } })
  t.equal(revalidated.statusCode, 200, 'the old ETag no longer matches')
  const second = await list()
  t.not(second.etag, first.etag)
  t.equal(second.services.find((service) => service.service_id === id)?.opening_hours, 'Mo-Su 09:00-21:00')

  t.equal((await admin.send('PUT', `/api/services/${id}`, { ...body, opening_hours: '  ' })).status, 200)
  t.equal((await list()).services.find((service) => service.service_id === id)?.opening_hours, null, 'blank: null')

  const refused = await admin.send('PUT', `/api/services/${id}`, { ...body, opening_hours: 'Mo-Fr 10:00-18:00; Sa 10' })
  t.equal(refused.status, 400)
  t.match(
    refused.body.message,
    /^opening_hours is not in OpenStreetMap's opening_hours syntax \(such as "Mo-Fr 10:00-18:00"\): .+/,
  )
  t.notMatch(refused.body.message, /;/, 'one problem: nothing the form would split')
  const tooLong = await admin.send('POST', '/api/services', { ...body, opening_hours: `24/7${' '.repeat(252)}x` })
  t.equal(tooLong.status, 400)
  t.same(tooLong.body, { message: 'opening_hours is longer than 255 characters' })
  const notText = await admin.send('POST', '/api/services', { ...body, opening_hours: 42 })
  t.equal(notText.status, 400, 'not a string: the schema refuses it')
  t.equal(
    (await list()).services.find((service) => service.service_id === id)?.opening_hours,
    null,
    'nothing refused was stored',
  )
  const [check] = await app.sql<{ n: number }[]>`select count(*)::int as n from services`
  t.equal(check!.n, 2, 'no service was added by a refused call')
})

t.test('the import reads an opening_hours column and names a row whose hours cannot be read', async (t) => {
  const csv = [
    'external_id;category;latitude;longitude;name_fi;opening_hours',
    'h1;shop;60,17;24,94;Kauppa;"Mo-Fr 10:00-18:00; Sa 10:00-15:00"',
    'h2;shop;60,18;24,94;Toinen;',
    'h3;shop;60,19;24,94;Kolmas;ma-pe 9-17',
  ].join('\r\n')
  const rows = parseServiceFile(csv, 'hours.csv')
  t.same(
    rows.map((row) => [row.where, row.service.opening_hours, row.problems]),
    [
      ['line 2', 'Mo-Fr 10:00-18:00; Sa 10:00-15:00', []],
      ['line 3', null, []],
      ['line 4', 'ma-pe 9-17', []],
    ],
  )
  const comma = parseServiceFile(
    'external_id,category,latitude,longitude,name_fi,opening_hours\nh4,shop,60,25,Kauppa,Mo-Fr 10:00-18:00; Sa 10:00-15:00\n',
    'comma.csv',
  )
  t.equal(comma[0]!.service.opening_hours, 'Mo-Fr 10:00-18:00; Sa 10:00-15:00', 'a ; inside a comma-separated row')

  const bad = parseServiceFile(
    JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [24.94, 60.17] },
          properties: { external_id: 'g1', category: 'shop', name_fi: 'Kauppa', opening_hours: 'Mo 10:00' },
        },
      ],
    }),
    'bad.geojson',
  )
  t.match(bad[0]!, { where: 'feature 1', problems: [/^opening_hours is not in OpenStreetMap's opening_hours syntax/] })

  const app = await buildTestApp(t, { DATA_DIR: tempDir(t), SAMPLE_SERVICES: false })
  t.same(
    await importServices(
      app.sql,
      rows.map((row) => row.service),
    ),
    { inserted: 3, updated: 0 },
  )
  const again = rows.map((row) => ({ ...row.service, opening_hours: row.service.opening_hours ? null : '24/7' }))
  t.same(await importServices(app.sql, again), { inserted: 0, updated: 3 }, 'a re-import replaces the hours')
  const stored = await app.sql<{ external_id: string; opening_hours: string | null }[]>`
    select external_id, opening_hours from services order by external_id`
  t.same(stored, [
    { external_id: 'h1', opening_hours: null },
    { external_id: 'h2', opening_hours: '24/7' },
    { external_id: 'h3', opening_hours: null },
  ])
})

t.test('most sample services have opening hours, and every one can be read', async (t) => {
  const sample = parseServiceFile(readFileSync(SAMPLE_SERVICES_FILE, 'utf8'), SAMPLE_SERVICES_FILE)
  const withHours = sample.filter((row) => row.service.opening_hours !== null)
  t.ok(withHours.length >= sample.length * 0.6, `${withHours.length} of ${sample.length} have hours`)
  t.ok(withHours.length < sample.length, 'and some are unknown')
  t.same(
    sample.filter((row) => row.problems.length > 0),
    [],
  )
  t.ok(
    withHours.some((row) => row.service.opening_hours!.includes('PH off')),
    'some close on public holidays',
  )
})
