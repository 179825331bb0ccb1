import postgres from 'postgres'
import t from 'tap'
import { normalisePhone } from '../../../server/domain/accounts/phone.ts'
import { checkDescription } from '../../../server/domain/requests/rules.ts'
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
