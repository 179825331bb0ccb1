import t from 'tap'
import { helpsNow } from '../../../web/src/features/settings/help-now.ts'
import { passwordError, radiusError, usernameError } from '../../../web/src/features/account/validation.ts'
import { parseStoredUser } from '../../../web/src/features/account/session/stored-user.ts'
import { notificationPreferencesError } from '../../../web/src/features/settings/push-preferences.ts'
import {
  descriptionError,
  invalidDescriptionCharacters,
  withoutInvalidDescriptionCharacters,
} from '../../../web/src/features/requests/validation.ts'

t.test('username: required, 3-16 characters, the characters of the contract', async (t) => {
  t.equal(usernameError(''), 'fillallfields')
  t.equal(usernameError('ab'), 'invalidusernamelength')
  t.equal(usernameError('abc'), null)
  t.equal(usernameError('a'.repeat(16)), null)
  t.equal(usernameError('a'.repeat(17)), 'invalidusernamelength')
  t.equal(usernameError('Pöllö'), null, 'ä and ö count as one character each')
  t.equal(usernameError('Äijä_Öljy-1 2'), null, 'ä ö Ä Ö, digits, underscore, hyphen, space')
  t.equal(usernameError('ville@home'), 'invalidusernamechars')
  t.equal(usernameError('Åsa Öberg'), null, 'å and Å, as the server allows')
  t.equal(usernameError('Željko'), 'invalidusernamechars', 'other accented letters are not allowed')
  t.equal(usernameError('  ab  '), 'invalidusernamelength', 'spaces at the ends do not count')
  t.equal(usernameError('   '), 'fillallfields')
  t.equal(usernameError('ville.k'), 'invalidusernamechars')
  t.equal(usernameError('Åsa'), null, 'Åsa is three characters')
  t.equal(usernameError('a😀'), 'invalidusernamelength', 'an emoji is one character, not two UTF-16 units')
  t.equal(usernameError('ab😀'), 'invalidusernamechars', 'three characters, one of them not allowed')
})

t.test('password: required, at least 5 characters', async (t) => {
  t.equal(passwordError(''), 'fillallfields')
  t.equal(passwordError('1234'), 'passwordtooshort')
  t.equal(passwordError('12345'), null)
  t.equal(passwordError('     '), 'fillallfields', 'blank, as the server counts it')
  t.equal(passwordError('x'.repeat(1024)), null)
  t.equal(passwordError('x'.repeat(1025)), 'genericerror', 'over the hashing limit: the server would refuse it too')
})

t.test('radius: required, digits only, 1-3 of them, at least 1 km', async (t) => {
  t.equal(radiusError(''), 'fillallfields')
  t.equal(radiusError('10'), null)
  t.equal(radiusError('999'), null)
  t.equal(radiusError('1'), null)
  t.equal(radiusError('1000'), 'invalidradiuslength')
  t.equal(radiusError('0'), 'invalidradiuslength')
  t.equal(radiusError('000'), 'invalidradiuslength')
  t.equal(radiusError('1.5'), 'invalidradiuschars')
  t.equal(radiusError('-5'), 'invalidradiuschars')
  t.equal(radiusError('10 km'), 'invalidradiuschars')
  t.equal(radiusError(' 10 '), null, 'spaces at the ends are ignored, as the server does')
})

t.test('notification preferences: both quiet times or neither, HH:MM, different; a cap of 1-30', async (t) => {
  const check = (quietStart: string | null, quietEnd: string | null, hourlyCap = 6) =>
    notificationPreferencesError({ quietStart, quietEnd, hourlyCap })
  t.equal(check('22:00', '07:00'), null)
  t.equal(check(null, null, 30), null)
  t.equal(check('22:00', null), 'quiethoursboth')
  t.equal(check('', '07:00'), 'quiethoursformat', 'an emptied time input')
  t.equal(check('24:00', '07:00'), 'quiethoursformat')
  t.equal(check('07:00', '07:00'), 'quiethourssame')
  t.equal(check(null, null, 0), 'hourlycaprange')
  t.equal(check(null, null, 31), 'hourlycaprange')
})

t.test('the stored user is read back only when it has the expected shape', async (t) => {
  const user = {
    user_id: 3,
    user_name: 'Ville',
    phone: '+358401234567',
    radius: 10,
    language: 'swedish',
    quietStart: '22:00',
    quietEnd: '07:00',
    hourlyCap: 3,
    availableToHelp: true,
    availableUntil: '2026-11-28T13:30:00.000Z',
    abilities: { kit: ['pump_presta', 'lights'], transport: ['van'], firstAid: true, languages: ['fi', 'sv'] },
  }
  t.same(parseStoredUser(JSON.stringify(user)), user)
  t.same(
    parseStoredUser(JSON.stringify({ ...user, abilities: { ...user.abilities, languages: ['sv', 'fi', 'sv'] } }))
      ?.abilities.languages,
    ['fi', 'sv'],
    'the lists read back in their own order, each item once',
  )
  t.same(
    parseStoredUser(
      JSON.stringify({ ...user, abilities: { kit: ['hammer', 'lights'], transport: 'van', firstAid: 1 } }),
    )?.abilities,
    { kit: ['lights'], transport: [], firstAid: false, languages: [] },
    'only what the lists hold',
  )
  t.same(parseStoredUser(JSON.stringify({ ...user, language: 'klingon' })), { ...user, language: 'english' })
  const { quietStart, quietEnd, hourlyCap, availableToHelp, availableUntil, abilities, ...older } = user
  t.same(
    parseStoredUser(JSON.stringify(older)),
    {
      ...older,
      quietStart: null,
      quietEnd: null,
      hourlyCap: 6,
      availableToHelp: true,
      availableUntil: null,
      abilities: { kit: [], transport: [], firstAid: false, languages: [] },
    },
    `stored before notification preferences (${[quietStart, quietEnd, hourlyCap, availableToHelp, availableUntil, abilities.kit].join(', ')} now): ` +
      'the defaults',
  )
  t.equal(parseStoredUser(null), null)
  t.equal(parseStoredUser('not json'), null)
  t.equal(parseStoredUser('null'), null)
  t.equal(parseStoredUser(JSON.stringify({ ...user, user_name: 5 })), null)
  t.equal(parseStoredUser(JSON.stringify({ ...user, radius: '10' })), null)
})

t.test('"Remove them" takes out exactly what the rule refuses', async (t) => {
  const removed = withoutInvalidDescriptionCharacters('I\'m at the café (north side), 28" tyre')
  t.equal(removed, 'Im at the café north side, 28 tyre')
  t.equal(descriptionError(removed), null, 'what is left is a valid description')
  t.equal(withoutInvalidDescriptionCharacters('at ( the\u200b bridge 💩\nnorth'), 'at the bridge \nnorth', 'one space')
  t.equal(withoutInvalidDescriptionCharacters('Rengas puhki, Åsa: apua!'), 'Rengas puhki, Åsa: apua!', 'unchanged')
})

t.test('the invalid characters of a description are named, invisible ones by code point', async (t) => {
  t.same(invalidDescriptionCharacters('Rengas puhki, Åsa: apua! 1-2?'), [], 'all allowed')
  t.same(invalidDescriptionCharacters('a@b#c@💩'), ['“@”', '“#”', '“💩”'], 'each once, in order; emoji whole')
  t.same(invalidDescriptionCharacters('x\u0000y\u200bz\u0007'), ['U+0000', 'U+200B', 'U+0007'])
  t.same(invalidDescriptionCharacters('e\u0301'), [], 'é typed as e and a combining mark')
  t.same(invalidDescriptionCharacters('a\ud800b'), ['U+D800'], 'a lone surrogate half')
  t.same(invalidDescriptionCharacters('tab\tand\u00a0space'), [], 'whitespace is allowed')
  t.same(invalidDescriptionCharacters('Željko, café, Müller, mañana, Åsa, Ψάρι, Привет, ١٢'), [], 'every script')
  t.same(
    invalidDescriptionCharacters('I\'m at the café (north side), 28" tyre'),
    ["“'”", '“(”', '“)”', '“"”'],
    'quotes and brackets are not in the punctuation list',
  )
  t.same(
    invalidDescriptionCharacters('@', (c) => `”${c}”`),
    ['”@”'],
    'the quotes of the language',
  )
  t.same(invalidDescriptionCharacters('@#$%&/()=+*'), ['“@”', '“#”', '“$”', '“%”', '“&”', '“/”', '“(”', '“)”', '…'])
  // The names match the rule: whatever descriptionError refuses for characters, some are named.
  for (const text of ['a@', 'x\u0000', '💩', 'a\ud800']) {
    t.equal(descriptionError(text), 'invalidcharacters', text)
    t.not(invalidDescriptionCharacters(text).length, 0)
  }
})

t.test('"I can help now" for a while reads off once its end has passed', async (t) => {
  const until = '2026-11-28T13:30:00.000Z'
  const end = Date.parse(until)
  t.equal(helpsNow({ availableToHelp: true, availableUntil: null }, end), true, 'on with no end')
  t.equal(helpsNow({ availableToHelp: true, availableUntil: until }, end - 1), true, 'before the end')
  t.equal(helpsNow({ availableToHelp: true, availableUntil: until }, end), false, 'at the end: off')
  t.equal(helpsNow({ availableToHelp: false, availableUntil: null }, end), false, 'off')
})
