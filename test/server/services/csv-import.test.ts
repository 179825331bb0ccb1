import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { SERVICE_CATEGORIES } from '../../../server/domain/shared/categories.ts'
import { parseServiceFile } from '../../../server/services-import/parse.ts'
import { buildTestApp, createTestDatabase, tempDir } from '../../helper.ts'
import { runScript } from '../../process.ts'

// services.test.ts covers comma files (quotes, doubled quotes, line numbers across a quoted line break); this file
// covers what spreadsheets write besides, and rows the CSV itself gets wrong.

const HEADER = 'external_id;category;latitude;longitude;certified;name_fi;description_fi;address'

/** What Excel in a Finnish locale saves as "CSV UTF-8": BOM, `;`, CRLF, decimal commas. */
const finnishExport = (...rows: string[]) => `\uFEFF${[HEADER, ...rows].join('\r\n')}\r\n`

t.test('a Finnish Excel export: BOM, semicolons, CRLF, quoted line breaks and decimal commas', async (t) => {
  const rows = parseServiceFile(
    finnishExport(
      'fi-1;restaurant;60,1699;24,9384;kyllä;"Kahvila ""Satula""";"Kahvia; pullaa\r\nja pyöräilijöitä";Aleksanterinkatu 1, Helsinki',
      ';;;;;;;', // a row Excel writes for an emptied line
      'fi-2;shop;61.4978;23.7610;ei;Pyöräkauppa;;',
    ),
    'palvelut.csv',
  )
  t.equal(rows.length, 2, 'the empty row is skipped')
  t.same(rows[0]!.problems, [])
  t.match(rows[0]!, {
    where: 'line 2',
    service: {
      external_id: 'fi-1',
      latitude: 60.1699,
      longitude: 24.9384,
      certified: true,
      address: 'Aleksanterinkatu 1, Helsinki',
      localizations: [{ name: 'Kahvila "Satula"', description: 'Kahvia; pullaa\nja pyöräilijöitä' }],
    },
  })
  t.match(
    rows[1]!,
    { where: 'line 5', problems: [], service: { external_id: 'fi-2', latitude: 61.4978 } },
    'the quoted line break counts',
  )
  t.equal(rows[0]!.service.external_id, 'fi-1', 'the BOM is not part of the first column name')

  const tabs = parseServiceFile(
    'external_id\tcategory\tlatitude\tlongitude\tname_fi\nt-1\tvenue\t60.2\t24.9\tTori, Helsinki\n',
    'x.csv',
  )
  t.match(
    tabs,
    [{ problems: [], service: { external_id: 't-1', localizations: [{ name: 'Tori, Helsinki' }] } }],
    'tab separated',
  )
  const commas = parseServiceFile(
    'external_id,category,latitude,longitude,name_fi\n"c-1",venue,60.2,24.9,"Tori; Helsinki"\n',
    'x.csv',
  )
  t.match(
    commas,
    [{ problems: [], service: { localizations: [{ name: 'Tori; Helsinki' }] } }],
    'a semicolon in a comma file is text',
  )
})

t.test('malformed rows are reported at the line they start on, and the rows after them are still read', async (t) => {
  const rows = parseServiceFile(
    finnishExport(
      'ok-1;shop;60.1;24.9;;Kauppa 1;;',
      'bad-1;shop;60.1;24.9;;"Kauppa 2;;', // the quote is not closed: the next quote (line 5) closes it
      'ok-2;shop;60.1;24.9;;Kauppa 3;;',
      'bad-2;shop;60.1;24.9;;Kauppa "4";;', // a quote inside an unquoted field
      'bad-3;shop;60.1;24.9;;"Kauppa" 5;;', // text after a closing quote
      'bad-4;shop;60.1;24.9;;Kauppa 6', // two fields short
      'bad-5;shop;60.1;24.9;;Kauppa 7;;;extra',
      'bad-6;shop;60.1;24.9;;Kaup\0pa 8;;',
      'ok-3;spaceport;60.1;24.9;;Kauppa 9;"kaksi\r\nriviä";',
      'ok-4;shop;60.1;24.9;;Kauppa 10;;',
      'bad-7;shop;60.1;24.9;;"Kauppa 11;;', // never closed at all
      'ok-5;shop;60.1;24.9;;Kauppa 12;;',
    ),
    'palvelut.csv',
  )
  t.same(
    rows.map((row) => [row.where, row.service.external_id, row.problems.join(' | ')]),
    [
      ['line 2', 'ok-1', ''],
      [
        'line 3',
        null,
        'a quoted field starting in this row runs on to line 5 and breaks there: is its closing quote (") missing?',
      ],
      ['line 4', 'ok-2', ''],
      ['line 5', null, 'a quote (") inside an unquoted field: quote the whole field and double the quote inside ("")'],
      ['line 6', null, 'text follows a closing quote (") in the same field: double a quote inside a quoted field ("")'],
      ['line 7', null, 'the row has 6 fields, the header has 8'],
      ['line 8', null, 'the row has 9 fields, the header has 8'],
      ['line 9', null, 'a field (name_fi) contains a NUL character, which cannot be stored'],
      ['line 10', 'ok-3', `category "spaceport" is not one of ${SERVICE_CATEGORIES.join(', ')}`],
      ['line 12', 'ok-4', ''],
      ['line 13', null, 'a quote (") opened in this row is never closed'],
      ['line 14', 'ok-5', ''],
    ],
  )
  t.same(
    parseServiceFile(
      'external_id,category,latitude,longitude,name_fi\nu-1,shop,60,25,"Auki\nu-2,shop,60,25,Kauppa\n',
      'x.csv',
    ).map((row) => [row.where, row.problems]),
    [
      ['line 2', ['a quote (") opened in this row is never closed']],
      ['line 3', []],
    ],
    'in a comma file too, an unclosed quote is reported and does not swallow the next row',
  )
  t.match(
    parseServiceFile('"external_id;category;latitude;longitude\nx;shop;60;25\n', 'x.csv'),
    [{ where: 'line 1', problems: ['a quote (") opened in this row is never closed'] }],
    'a broken header is the one problem: no row can be read without it',
  )
})

t.test('the import script takes a Finnish export and names the broken rows of another', async (t) => {
  const dir = tempDir(t)
  const databaseUrl = await createTestDatabase(t)
  const app = await buildTestApp(t, { DATABASE_URL: databaseUrl, DATA_DIR: dir })
  const importFile = async (name: string, content: string) => {
    writeFileSync(join(dir, name), content)
    const run = runScript('scripts/import-services.ts', [join(dir, name)], { DATABASE_URL: databaseUrl, DATA_DIR: dir })
    return { code: (await run.exited).code, output: run.output() }
  }

  const good = await importFile(
    'palvelut.csv',
    finnishExport('csv-1;shop;60,17;24,94;kyllä;Kauppa;"Kaksi\r\nriviä";', 'csv-2;venue;61,5;23,76;;Tori;;'),
  )
  t.equal(good.code, 0, good.output)
  t.match(good.output, /2 services from palvelut\.csv: 2 new, 0 updated/)
  const stored = await app.sql<{ external_id: string; latitude: number; description: string | null }[]>`
    select s.external_id, s.latitude, l.description
    from services s join service_localizations l using (service_id)
    where s.external_id like 'csv-%' order by s.external_id`
  t.match(stored, [
    { external_id: 'csv-1', latitude: 60.17, description: 'Kaksi\nriviä' },
    { external_id: 'csv-2', description: null },
  ])

  const broken = await importFile(
    'rikki.csv',
    finnishExport('csv-3;shop;60;25;;"Kolmas;;', 'csv-4;shop;60;25;;Nel\0jäs;;'),
  )
  t.equal(broken.code, 1, broken.output)
  t.match(broken.output, /line 2: a quote \("\) opened in this row is never closed/)
  t.match(broken.output, /line 3: a field \(name_fi\) contains a NUL character/)
  t.match(broken.output, /2 of 2 rows are invalid; nothing was imported/)
  const count = (
    await app.sql<{ n: number }[]>`select count(*)::int as n from services where external_id like 'csv-%'`
  )[0]!.n
  t.equal(count, 2, 'nothing from the broken file was written')
})
