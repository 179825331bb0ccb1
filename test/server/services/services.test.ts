import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { parseServiceFile } from '../../../server/services-import/parse.ts'
import { SAMPLE_SERVICES_FILE } from '../../../server/plugins/sample-services.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { runScript } from '../../process.ts'
import { signedIn } from '../../signed-in.ts'
import { SERVICE_BODY } from '../../services.ts'

const feature = (id: string, properties: Record<string, unknown>, coordinates: unknown = [24.94, 60.17]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties: { external_id: id, category: 'shop', name_fi: `Kauppa ${id}`, ...properties },
})
const geojson = (...features: object[]) => JSON.stringify({ type: 'FeatureCollection', features })

t.test('parsing: every bad row named with its place and reason', async (t) => {
  const rows = parseServiceFile(
    geojson(
      feature('a', { certified: true, name_en: 'Shop A', url_en: 'https://example.fi/a' }),
      feature('b', { category: 'spaceport' }),
      feature('c', {}, [24.94]),
      feature('d', { logo_url: 'javascript:alert(1)', description_sv: 'Utan namn' }),
      { type: 'Feature', geometry: { type: 'LineString', coordinates: [] }, properties: {} },
      feature('f', { description_fi: 'Tavallinen teksti\u0000piilossa' }),
    ),
    'x.geojson',
  )
  t.same(rows[0]!.problems, [])
  t.match(rows[0]!.service, {
    certified: true,
    localizations: [{ language: 'fi' }, { language: 'en', url: 'https://example.fi/a' }],
  })
  t.match(rows[1]!, { where: 'feature 2', problems: [/category "spaceport" is not one of/] })
  t.match(
    rows[2]!,
    { where: 'feature 3', problems: [/latitude must be a number/] },
    'a point with one number has no latitude',
  )
  t.match(
    rows[3]!.problems.join(' | '),
    /description_sv or url_sv given without name_sv.*logo_url must be an http\(s\) URL/,
  )
  t.match(rows[4]!, { where: 'feature 5', problems: ['geometry must be a Point'] })
  t.match(
    rows[5]!,
    { where: 'feature 6', problems: [/contains a NUL character/] },
    'a NUL is a row problem, not a database error',
  )

  const csv = [
    'external_id,category,latitude,longitude,certified,name_fi,description_fi',
    'c1,restaurant,60.45,22.27,yes,"Kahvila ""Pyörä""","Monirivinen,',
    'kuvaus"',
    'c2,restaurant,abc,22.27,no,Kahvila 2,',
    'c3,restaurant,60.45,22.27,maybe,Kahvila 3,',
  ].join('\r\n')
  const csvRows = parseServiceFile(csv, 'services.csv')
  t.equal(csvRows.length, 3)
  t.same(csvRows[0]!.problems, [])
  t.match(
    csvRows[0]!.service.localizations[0],
    { name: 'Kahvila "Pyörä"', description: 'Monirivinen,\nkuvaus' },
    'quotes, commas and line breaks',
  )
  t.match(
    csvRows[1]!,
    { where: 'line 4', problems: [/latitude must be a number/] },
    'line numbers count the multi-line field',
  )
  t.match(csvRows[2]!, { where: 'line 5', problems: [/certified "maybe" is not true or false/] })
  t.match(parseServiceFile('{not json', 'x.geojson')[0]!.problems[0], /not valid JSON/)
})

t.test('the import script: all or nothing, re-imports update', async (t) => {
  const dir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dir })
  const count = async () =>
    (await app.sql<{ n: number }[]>`select count(*)::int as n from services where external_id like 'imp-%'`)[0]!.n
  const importFile = async (name: string, content: string) => {
    writeFileSync(join(dir, name), content)
    const run = runScript('scripts/import-services.ts', [join(dir, name)], { DATABASE_URL: databaseUrl, DATA_DIR: dir })
    return { code: (await run.exited).code, output: run.output() }
  }

  const first = await importFile(
    'first.geojson',
    geojson(feature('imp-1', { name_en: 'One' }), feature('imp-2', { certified: true })),
  )
  t.equal(first.code, 0, first.output)
  t.match(first.output, /2 services from first\.geojson: 2 new, 0 updated/)
  t.equal(await count(), 2)

  const again = await importFile(
    'again.geojson',
    geojson(feature('imp-1', { name_en: 'One renamed', category: 'venue' })),
  )
  t.match(again.output, /0 new, 1 updated/)
  t.equal(await count(), 2, 'updated, not duplicated')
  const [renamed] = await app.sql<{ category: string; names: string[] }[]>`
    select s.category, array_agg(l.name order by l.language) as names
    from services s join service_localizations l using (service_id) where external_id = 'imp-1' group by s.category`
  t.same(renamed, { category: 'venue', names: ['One renamed', 'Kauppa imp-1'] })

  const bad = await importFile(
    'bad.csv',
    'external_id,category,latitude,longitude,name_fi\nimp-3,shop,60,25,Hyvä\nimp-4,unknown,60,25,Huono\n',
  )
  t.equal(bad.code, 1)
  t.match(bad.output, /line 3: category "unknown"/)
  t.match(bad.output, /1 of 2 rows are invalid; nothing was imported/)
  t.equal(await count(), 2, 'the valid row was not written either')
})

t.test('GET /api/services: public, SPEC shape, ETag and 304', async (t) => {
  const dataDir = tempDir(t)
  const app = await buildTestApp(t, { DATA_DIR: dataDir })
  const admin = await signedIn(app, 'Map Admin')
  await app.sql`update users set is_admin = true where user_id = ${admin.user.user.user_id}`
  const body = SERVICE_BODY
  const created = await admin.send<{ service_id: number }>('POST', '/api/services', body)
  t.equal(created.status, 201)

  const list = await app.inject({ url: '/api/services' })
  t.equal(list.statusCode, 200, 'no token needed')
  const mine = list.json<Array<{ service_id: number }>>().find((s) => s.service_id === created.body.service_id)
  t.same(mine, {
    service_id: created.body.service_id,
    category: 'rental_service',
    latitude: 61.5,
    longitude: 23.76,
    logo_url: null,
    address: 'Hämeenkatu 1, Tampere',
    phone: '+358 40 000 0001',
    certified: true,
    opening_hours: null,
    localizations: [
      { language: 'fi', name: 'Vuokrapyörät', description: 'Pyöriä vuokralle', url: 'https://example.fi' },
    ],
  })
  t.equal(list.headers['cache-control'], 'public, max-age=60, must-revalidate')
  const etag = list.headers.etag as string
  t.match(etag, /^"[\w-]+"$/)
  const notModified = await app.inject({ url: '/api/services', headers: { 'if-none-match': etag } })
  t.equal(notModified.statusCode, 304)
  t.equal(notModified.body, '')

  t.equal(
    (await admin.send('PUT', `/api/services/${created.body.service_id}`, { ...body, certified: false })).status,
    200,
  )
  const changed = await app.inject({ url: '/api/services', headers: { 'if-none-match': etag } })
  t.equal(changed.statusCode, 200, 'a change gives a new ETag')

  const other = await admin.send<{ service_id: number }>('POST', '/api/services', { ...body, external_id: 'api-other' })
  const clash = await admin.send('PUT', `/api/services/${other.body.service_id}`, body)
  t.equal(clash.status, 409, "taking another service's external_id is a conflict, not a 500")
  t.same(clash.body, { message: 'Another service has this external_id' })

  const bad = await admin.send('POST', '/api/services', {
    ...body,
    external_id: 'api-2',
    category: 'castle',
    logo_url: 'ftp://x',
  })
  t.equal(bad.status, 400)
  t.match(bad.body.message, /category "castle".*logo_url must be an http\(s\) URL/)

  const user = await signedIn(app, 'Not Admin')
  t.equal((await user.send('POST', '/api/services', body)).status, 403)
  t.equal((await user.send('DELETE', `/api/services/${created.body.service_id}`)).status, 403)
  t.equal((await app.inject({ method: 'DELETE', url: `/api/services/${created.body.service_id}` })).statusCode, 401)
  t.equal((await admin.send('DELETE', `/api/services/${created.body.service_id}`)).status, 204)
  t.equal((await admin.send('DELETE', `/api/services/${created.body.service_id}`)).status, 404)
})

t.test('the sample services load into an empty table on first start, once', async (t) => {
  const sample = parseServiceFile(readFileSync(SAMPLE_SERVICES_FILE, 'utf8'), SAMPLE_SERVICES_FILE)
  t.same(
    sample.filter((row) => row.problems.length > 0),
    [],
    'the shipped sample file is valid',
  )
  t.ok(sample.length >= 40, `at least 40 sample services (${sample.length})`)
  const categories = new Set(sample.map((row) => row.service.category))
  t.equal(categories.size, 9, 'every category')
  t.ok(
    sample.some((row) => row.service.certified),
    'some certified',
  )
  t.ok(
    sample.every((row) => row.service.localizations.some((l) => l.language === 'fi')),
    'Finnish texts everywhere',
  )

  const databaseUrl = await createTestDatabase(t)
  const first = await buildTestApp(t, { DATABASE_URL: databaseUrl })
  const services = (await first.inject({ url: '/api/services' })).json<unknown[]>()
  t.equal(services.length, sample.length, 'a new installation shows the sample map')
  await first.close()
  const second = await buildTestApp(t, { DATABASE_URL: databaseUrl })
  t.equal((await second.inject({ url: '/api/services' })).json<unknown[]>().length, sample.length, 'not loaded twice')
})
