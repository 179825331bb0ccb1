import t from 'tap'
import { loadPhoneParser } from '../../../web/src/shared/phone/parser.ts'
import { checkPhone, hasOnlyPhoneCharacters, PHONE_MAX_LENGTH } from '../../../web/src/shared/phone/rules.ts'

t.test('character rule of the contract: digits, spaces, hyphens, parentheses, one leading plus', async (t) => {
  for (const ok of [
    '0401234567',
    '040 123 4567',
    '040-1234567',
    '(040) 123 4567',
    '+358 40 123 4567',
    '+358(0)401234567',
    '',
  ]) {
    t.ok(hasOnlyPhoneCharacters(ok), JSON.stringify(ok))
  }
  for (const bad of [
    '040.123.4567',
    '040/1234567',
    '358+401234567',
    '++358401234567',
    '040 123 4567 ext',
    'tel:0401234567',
    '040_1234567',
    '０４０',
  ]) {
    t.notOk(hasOnlyPhoneCharacters(bad), JSON.stringify(bad))
  }
})

t.test('numbers written in different ways normalise to the same E.164 (default country FI)', async (t) => {
  const parse = await loadPhoneParser()
  for (const written of [
    '040 123 4567',
    '0401234567',
    '040-1234567',
    '(040) 123 4567',
    '+358 40 123 4567',
    '+358401234567',
    '040\u00a0123\u00a04567',
  ]) {
    t.same(checkPhone(written, parse), { phone: '+358401234567' }, written)
  }
  t.same(checkPhone('+46 70 123 45 67', parse), { phone: '+46701234567' }, 'a Swedish mobile keeps its country')
})

t.test('the rules in order: empty, characters and length, then a valid number', async (t) => {
  const parse = await loadPhoneParser()
  t.same(checkPhone('', parse), { error: 'fillallfields' }, 'registration: empty')
  t.same(checkPhone('   ', parse, 'enterphone'), { error: 'enterphone' }, 'reset: empty')
  t.same(checkPhone('040.123.4567', parse), { error: 'invalidphone' }, 'a dot')
  t.same(checkPhone('123', parse), { error: 'invalidphone' }, 'too short to be a number')
  t.same(checkPhone('0401234567890123', parse), { error: 'invalidphone' }, 'too long to be a number')
  t.same(checkPhone(`040 123 4567${' '.repeat(PHONE_MAX_LENGTH)}x`, parse), { error: 'invalidphone' })
  const longInput = `0${' '.repeat(PHONE_MAX_LENGTH)}401234567`
  t.same(
    checkPhone(longInput, parse),
    { error: 'invalidphone' },
    `over ${PHONE_MAX_LENGTH} characters never reaches the parser`,
  )
  t.equal(parse('x'.repeat(PHONE_MAX_LENGTH + 1)), null, 'the parser refuses long input itself too')
})
