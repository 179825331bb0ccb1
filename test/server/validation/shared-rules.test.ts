import postgres from 'postgres'
import t from 'tap'
import { normalisePhone } from '../../../server/domain/accounts/phone.ts'
import { checkDescription } from '../../../server/domain/requests/rules.ts'
import { thanksTextProblem } from '../../../server/domain/requests/thanks-rules.ts'
import { messageTextProblem } from '../../../server/domain/conversation/validation.ts'
import { checkUserName } from '../../../server/domain/accounts/rules.ts'
import { characterCount } from '../../../server/domain/accounts/validation.ts'
import { ADMIN_DATABASE_URL } from '../../helper.ts'

/** What a rule throws, as the client reads it: the message of the 400, or null when the input passes. */
function refusal(check: () => unknown): string | null {
  try {
    check()
    return null
  } catch (error) {
    return (error as Error).message
  }
}

t.test('the rules count characters as the SQL CHECKs do (char_length: code points)', async (t) => {
  const sql = postgres(ADMIN_DATABASE_URL, { max: 1, onnotice: () => {}, connect_timeout: 5 })
  t.teardown(() => sql.end())
  for (const text of ['Åsa', 'Pöllö', 'a😀', '😀'.repeat(16), 'A\u030Asa', 'x'.repeat(500)]) {
    const [row] = await sql<{ n: number }[]>`select char_length(${text})::int as n`
    t.equal(characterCount(text), row!.n, JSON.stringify(text))
  }
})

t.test("the server's wrappers answer the shared rules' messages", async (t) => {
  t.equal(
    refusal(() => checkUserName('Åsa')),
    null,
    'Åsa is three characters',
  )
  t.equal(
    refusal(() => checkUserName('a😀')),
    'Username must be 3-16 characters',
    'two characters',
  )
  t.equal(
    refusal(() => checkUserName('ab😀')),
    'Username contains invalid characters',
  )
  t.equal(checkUserName('  Åsa  '), 'Åsa', 'stored trimmed')
  t.equal(
    refusal(() => checkDescription(`${'a'.repeat(499)}😀`)),
    'Contains invalid characters',
    '500 characters, though 501 UTF-16 units',
  )
  t.equal(checkDescription('  Rengas puhki  '), 'Rengas puhki', 'stored trimmed')
  t.equal(normalisePhone('040\u00a0123\u00a04567'), '+358401234567', 'a no-break space is a space')
  t.equal(
    refusal(() => normalisePhone('０４０ 123 4567')),
    'Invalid phonenumber',
    'ASCII digits only',
  )
})

t.test(
  'a description takes the letters of every script; a message or thank-you any text but control characters',
  async (t) => {
    const everyScript = 'Rengas puhki: café, Müller, mañana, Åsa, Željko, Ψάρι, Привет, e\u0301, ١٢ km'
    t.equal(checkDescription(everyScript), everyScript, 'letters with their combining marks, digits of any script')
    t.equal(
      refusal(() => checkDescription('I\'m at the café (north side), 28" tyre')),
      'Contains invalid characters',
      "quotes and brackets are not in the contract's punctuation",
    )
    const ordinary = 'I\'m at the café (north side), 28" tyre <3 😀\nsecond line\twith a tab'
    t.equal(messageTextProblem(ordinary), null, 'a message')
    t.equal(thanksTextProblem('Kiitos <3 (oikeasti) 🙏'), null, 'a thank-you')
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800']) {
      t.equal(messageTextProblem(`a${control}b`), 'Contains invalid characters', JSON.stringify(control))
      t.equal(thanksTextProblem(`a${control}b`), 'Contains invalid characters', JSON.stringify(control))
    }
  },
)
