import t from 'tap'
import type { Language } from '../../../web/src/shared/i18n/language.ts'
import { readableDescription } from '../../../web/src/features/requests/readable-description.ts'
import { descriptionError } from '../../../web/src/features/requests/validation.ts'

/** [language, typed, fixed] */
const CASES: ReadonlyArray<[string, Language, string, string]> = [
  ['the example', 'english', "I'm at the café, tyre's flat (rear)!", 'I am at the café, tyres flat, rear!'],
  [
    'contractions in full',
    'english',
    "Can't pump it, don't have a valve adapter",
    'Cannot pump it, do not have a valve adapter',
  ],
  ['a curly apostrophe', 'english', 'We’re two, it’ll take time', 'We are two, it will take time'],
  [
    'an aside mid-sentence',
    'english',
    'At the bridge (north side) by the kiosk',
    'At the bridge, north side, by the kiosk',
  ],
  ['brackets at the start', 'english', '(urgent) chain broke', 'urgent, chain broke'],
  ['a slash', 'english', 'Front/rear brake gone', 'Front - rear brake gone'],
  ['plus before digits', 'english', 'Call +358 40 123 4567', 'Call 358 40 123 4567'],
  ['& in English', 'english', 'Water & food needed', 'Water and food needed'],
  ['& in Finnish', 'finnish', 'Vesi & ruoka loppu', 'Vesi ja ruoka loppu'],
  ['& in Swedish', 'swedish', 'Vatten & mat slut', 'Vatten och mat slut'],
  ['a Finnish apostrophe', 'finnish', "Vaa'an luona (pohjoispuoli)", 'Vaaan luona, pohjoispuoli'],
  ['no English contractions in Finnish', 'finnish', "O'Brienin pyörä", 'OBrienin pyörä'],
  ['what has no reading goes', 'english', 'Flat 💩 tyre #help "now"', 'Flat tyre help now'],
  [
    'an allowed text stays as it is',
    'swedish',
    'Punktering vid bron, Åsa: hjälp! 1-2?',
    'Punktering vid bron, Åsa: hjälp! 1-2?',
  ],
]

for (const [what, language, typed, fixed] of CASES) {
  t.test(what, async (t) => {
    const result = readableDescription(typed, language)
    t.equal(result, fixed)
    t.equal(descriptionError(result), null, 'the fixed text passes the rule')
  })
}
