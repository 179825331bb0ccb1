import t from 'tap'
import { serviceProblems } from '../../../server/domain/services/rules.ts'
import {
  emptyServiceForm,
  formFromService,
  formProblems,
  inputFromForm,
  parseCoordinate,
  problemsByField,
  problemsInAnswer,
  searchServices,
  type AdminService,
  type ServiceForm,
} from '../../../web/src/features/admin/services/service-form.ts'

const stored: AdminService = {
  service_id: 4,
  category: 'restaurant',
  latitude: 60.4518,
  longitude: 22.2666,
  logo_url: null,
  address: 'Aurakatu 1, Turku',
  phone: '+358 2 123 4567',
  certified: true,
  opening_hours: 'Mo-Fr 08:00-18:00; Sa 10:00-15:00; PH off',
  external_id: 'imp-4',
  localizations: [
    { language: 'en', name: 'River Café', description: null, url: 'https://example.fi' },
    { language: 'fi', name: 'Jokikahvila', description: 'Kahvia ja pullaa', url: null },
  ],
}

const filled = (changes: Partial<ServiceForm> = {}): ServiceForm => ({ ...formFromService(stored), ...changes })

t.test('a stored service goes through the form and back unchanged', async (t) => {
  const { service_id, ...rest } = stored
  t.equal(service_id, 4)
  const input = inputFromForm(formFromService(stored))
  t.same(
    { ...input, localizations: [...input.localizations].sort((a, b) => a.language.localeCompare(b.language)) },
    rest,
    'the import id too: an edit keeps it',
  )
  t.same(formProblems(formFromService(stored)), [])
})

t.test('typed values: trimmed, empty is null, a decimal comma is a point, a language needs its name', async (t) => {
  const form = emptyServiceForm()
  form.category = 'shop'
  form.latitude = ' 62,6 '
  form.longitude = '29.76'
  form.address = '   '
  form.texts.sv = { name: ' Cykelhallen ', description: '', url: '' }
  t.same(inputFromForm(form), {
    external_id: null,
    category: 'shop',
    latitude: 62.6,
    longitude: 29.76,
    logo_url: null,
    address: null,
    phone: null,
    certified: false,
    opening_hours: null,
    localizations: [{ language: 'sv', name: 'Cykelhallen', description: null, url: null }],
  })
  t.ok(Number.isNaN(parseCoordinate('')), 'empty is no coordinate (not 0)')
  t.ok(Number.isNaN(parseCoordinate('60.1.2')))
  t.ok(Number.isNaN(parseCoordinate('1e2')), 'no exponents')
  t.equal(parseCoordinate('-24.5'), -24.5)
})

t.test("the server's rules, at their fields, and the form's own rule", async (t) => {
  const empty = problemsByField(formProblems(emptyServiceForm()))
  t.same([...empty.keys()], ['category', 'latitude', 'longitude', 'name'], 'an empty form: what must be given')
  t.equal(empty.get('name')?.rule, 'name_needed')

  const bad = filled({ latitude: '91', phone: 'call us', logo_url: 'logo.png' })
  bad.texts.sv = { name: '', description: 'Utan namn', url: '' }
  bad.texts.en = { ...bad.texts.en, url: 'example.fi' }
  const byField = problemsByField(formProblems(bad))
  t.same(Object.fromEntries([...byField].map(([field, problem]) => [field, problem.rule])), {
    name_sv: 'name_for_texts',
    latitude: 'latitude',
    logo_url: 'url',
    url_en: 'url',
    phone: 'phone',
  })
  t.same(
    formProblems(bad)
      .filter((problem) => problem.rule !== 'name_for_texts')
      .map((problem) => problem.text),
    serviceProblems(inputFromForm(bad)),
    "the same texts as the server's rules give",
  )
})

t.test("a 400's message is placed at the fields its parts name", async (t) => {
  const form = filled({ phone: 'x' })
  const message = serviceProblems(inputFromForm(form)).join('; ')
  t.same(
    problemsInAnswer(form, message).map((problem) => problem.field),
    ['phone'],
  )
  t.same(problemsInAnswer(form, 'body/category must be string'), [], 'a text no rule gives places nothing')
})

t.test('opening hours: the library reads them, the form places its reason at the field', async (t) => {
  t.same(formProblems(filled({ opening_hours: '' })), [], 'empty is unknown hours, allowed')
  t.equal(inputFromForm(filled({ opening_hours: '  ' })).opening_hours, null, 'blank is null')
  t.same(formProblems(filled({ opening_hours: 'ma-pe 10-18' })), [], "Finnish day names: the library's warning only")
  // A value with "; " in it, broken after it: the API joins problems with "; ", so the text must not echo it.
  const form = filled({ opening_hours: 'Mo-Fr 10:00-18:00; Sa 10:0x', phone: 'x' })
  const problems = formProblems(form)
  t.same(
    problems.map((problem) => [problem.field, problem.rule]),
    [
      ['phone', 'phone'],
      ['opening_hours', 'opening_hours'],
    ],
  )
  t.match(problems[1]!.text, /^opening_hours is not in OpenStreetMap's opening_hours syntax .*: hyphen/)
  t.notMatch(problems[1]!.text, /;/, 'no semicolon in the text')
  const message = serviceProblems(inputFromForm(form)).join('; ')
  t.same(
    problemsInAnswer(form, message).map((problem) => problem.field),
    ['phone', 'opening_hours'],
    "the server's 400 splits back into both problems",
  )
  t.match(formProblems(filled({ opening_hours: 'x'.repeat(256) }))[0], {
    field: 'opening_hours',
    text: 'opening_hours is longer than 255 characters',
  })
})

t.test('search: every word in a name of any language, the address or the category name, accents ignored', async (t) => {
  const other: AdminService = {
    ...stored,
    service_id: 5,
    category: 'shop',
    address: 'Kauppatori, Kuopio',
    localizations: [{ language: 'sv', name: 'Cykelboden', description: null, url: null }],
  }
  const names = { restaurant: 'Ravintola tai kahvila', shop: 'Kauppa' } as Record<string, string>
  const ids = (query: string) =>
    searchServices([stored, other], query, (category) => names[category] ?? category).map((s) => s.service_id)
  t.same(ids(''), [4, 5])
  t.same(ids('jokikahvila'), [4], 'the Finnish name')
  t.same(ids('river'), [4], 'the English name')
  t.same(ids('cafe'), [4], 'café without its accent')
  t.same(ids('pyora'), [], 'nothing')
  t.same(ids('KUOPIO'), [5], 'the address, any case')
  t.same(ids('kauppa kuopio'), [5], 'every word')
  t.same(ids('kauppa turku'), [], 'every word must match')
  t.same(ids('ravintola'), [4], 'the category name as the admin reads it')
})
