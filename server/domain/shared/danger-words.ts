/**
 * Words in a help request's description that say someone may be hurt or in danger, in Finnish, Swedish and English
 * (docs/product.md#help-requests, "112 when it is serious"). Each is the start of a word, so inflected forms match
 * ("loukkaantui", "loukkaantunut"); the ones that are also a word about the bike are left out ("vuotaa" is what a
 * tyre does, "broke" what a chain does). A match moves the 112 line to the top of the form and of the owner's
 * detail, and tells helpers (their detail and their alert) that someone may be hurt: a false alarm costs a glance,
 * a missed one the advice to call. Shared by the app and the push texts; pure, so it is tested as a table
 * (test/unit/web/danger-words.test.ts).
 */
const WORD_STARTS = [
  // English
  'dizz',
  'faint',
  'bleed',
  'blood',
  'unconscious',
  'passed out',
  'chest pain',
  'crash',
  'injur',
  'hurt',
  'broken bone',
  "can't breathe",
  'cannot breathe',
  'breathing',
  'accident',
  'collision',
  'hit by',
  'broken arm',
  'broken leg',
  'broken wrist',
  'broken collarbone',
  'broke my',
  'sprain',
  'wound',
  'concuss',
  'painful',
  'i fell',
  'fell off',
  'knocked out',
  // Finnish
  'huimaa',
  'huimau',
  'pyörryt',
  'pyörty',
  'verenvuo',
  'tajuton',
  'tajuttom',
  'rintakipu',
  'kipu rinnassa',
  'kolari',
  'törmä',
  'loukkaan',
  'loukkaantu',
  'onnettomuu',
  'hengit',
  'kaatu',
  'kaadu',
  'loukkas',
  'satutin',
  'satutt',
  'sattuu',
  'päähän satt',
  'kipeä',
  'haava',
  'kipu',
  'särky',
  // Swedish
  'yrsel',
  'svimm',
  'blöd',
  'medvetslös',
  'bröstsmärt',
  'ont i bröstet',
  'krasch',
  'krock',
  'kollision',
  'skadad',
  'olycka',
  'andas',
  'andning',
  'ramlade',
  'ramlat',
  'skadat',
  'skadade',
  'bruten arm',
  'brutit',
  'blodig',
  'hjärnskak',
  'stukat',
  'smärt',
]

/** Whole words only: the start of other words too ("vertaa" compares, "yrke" is a job). */
const WHOLE_WORDS = ['yr', 'skada', 'vamma', 'verta', 'ont', 'sår', 'pain']

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const DANGER = new RegExp(
  `(?<!\\p{L})(?:${WORD_STARTS.map(escape).join('|')}|(?:${WHOLE_WORDS.map(escape).join('|')})(?!\\p{L}))`,
  'iu',
)

export const mentionsDanger = (text: string): boolean => DANGER.test(text)
