import t from 'tap'
import {
  backspaceInBox,
  emptyCode,
  isCodeComplete,
  parsePastedCode,
  typeIntoBox,
} from '../../../web/src/features/account/wizard/code.ts'

t.test('a paste is accepted only when it is exactly six digits', async (t) => {
  t.same(parsePastedCode('123456'), ['1', '2', '3', '4', '5', '6'])
  t.same(
    parsePastedCode('  654321\n'),
    ['6', '5', '4', '3', '2', '1'],
    'whitespace around it, as copied from a message',
  )
  t.same(parsePastedCode('000000'), ['0', '0', '0', '0', '0', '0'])
  for (const text of [
    '12345',
    '1234567',
    '123 456',
    '12345a',
    'abcdef',
    '',
    '１２３４５６',
    '12-3456',
    'Code: 123456',
  ]) {
    t.equal(parsePastedCode(text), null, JSON.stringify(text))
  }
})

t.test('typing a digit fills the box and advances; the last box stays', async (t) => {
  const code = emptyCode()
  t.same(typeIntoBox(code, 0, '4'), { code: ['4', '', '', '', '', ''], focus: 1 })
  t.same(typeIntoBox(['1', '2', '3', '4', '5', ''], 5, '6'), { code: ['1', '2', '3', '4', '5', '6'], focus: 5 })
})

t.test('typing over a filled box keeps the new digit', async (t) => {
  t.same(typeIntoBox(['1', '', '', '', '', ''], 0, '17'), { code: ['7', '', '', '', '', ''], focus: 1 })
})

t.test('a non-digit leaves the box empty and focus where it is', async (t) => {
  t.same(typeIntoBox(emptyCode(), 2, 'x'), { code: emptyCode(), focus: 2 })
  t.same(typeIntoBox(['1', '2', '3', '', '', ''], 2, ''), { code: ['1', '2', '', '', '', ''], focus: 2 })
})

t.test('the one-time-code autofill puts the whole code into one box: it fills all', async (t) => {
  t.same(typeIntoBox(emptyCode(), 0, '987654'), { code: ['9', '8', '7', '6', '5', '4'], focus: 5 })
})

t.test('Backspace empties the box, or on an empty box goes back one', async (t) => {
  t.same(backspaceInBox(['1', '2', '3', '', '', ''], 2), { code: ['1', '2', '', '', '', ''], focus: 2 })
  t.same(backspaceInBox(['1', '2', '3', '', '', ''], 3), { code: ['1', '2', '', '', '', ''], focus: 2 })
  t.same(backspaceInBox(emptyCode(), 0), { code: emptyCode(), focus: 0 }, 'nothing before the first box')
})

t.test('complete means six single digits', async (t) => {
  t.equal(isCodeComplete(['1', '2', '3', '4', '5', '6']), true)
  t.equal(isCodeComplete(['1', '2', '3', '4', '5', '']), false)
  t.equal(isCodeComplete(['1', '2', '3', '4', '5']), false)
  t.equal(isCodeComplete(['1', '2', '3', '4', '5', '66']), false)
})
