import type { Language } from '#shared/i18n/language.ts'
import { withoutInvalidDescriptionCharacters } from './validation.ts'

/** "&" in the user's language. */
const AND: Record<Language, string> = { english: 'and', finnish: 'ja', swedish: 'och' }

/** English contractions, read out in full: an apostrophe taken out of them leaves "Im", "cant". */
const CONTRACTIONS: ReadonlyArray<[RegExp, string]> = [
  [/\b([Cc])an['’ʼ]t\b/g, '$1annot'],
  [/\b([Ww])on['’ʼ]t\b/g, '$1ill not'],
  [/\b(\p{L}+)n['’ʼ]t\b/gu, '$1 not'],
  [/\b([Ii])['’ʼ]m\b/g, '$1 am'],
  [/\b([Ll])et['’ʼ]s\b/g, '$1et us'],
  [/\b(\p{L}+)['’ʼ]re\b/gu, '$1 are'],
  [/\b(\p{L}+)['’ʼ]ve\b/gu, '$1 have'],
  [/\b(\p{L}+)['’ʼ]ll\b/gu, '$1 will'],
  [/\b(\p{L}+)['’ʼ]d\b/gu, '$1 would'],
]

/**
 * The description with what the contract's character rule refuses (letters, digits, whitespace and `. , ! ? : -`
 * only, docs/product.md#help-requests) turned into what reads the same, then anything left taken out ("Fix them"):
 * English contractions in full ("I'm" → "I am"), an apostrophe inside a word dropped ("tyre's" → "tyres",
 * "vaa'an" → "vaaan"), a part in brackets set off by a comma ("flat (rear)!" → "flat, rear!"), a slash between words
 * as " - ", "+" before digits dropped, "&" as the language's "and". Messages are not held to the rule.
 */
export function readableDescription(input: string, language: Language): string {
  let text = input
  if (language === 'english') for (const [pattern, full] of CONTRACTIONS) text = text.replace(pattern, full)
  text = text
    .replace(/(\p{L})['’ʼ](?=\p{L})/gu, '$1')
    .replace(/\s*&\s*/g, ` ${AND[language]} `)
    .replace(/\+(?=\d)/g, '')
    .replace(/\s*\/\s*/g, ' - ')
    // An opening bracket after a word starts an aside: a comma; a closing one ends it: a comma before more words,
    // nothing before punctuation or the end.
    .replace(/\s*[([{]\s*/g, (_match, offset: number) => (offset === 0 ? '' : ', '))
    .replace(/\s*[)\]}](?=\s*[\p{L}\p{N}])/gu, ',')
    .replace(/\s*[)\]}]/g, '')
    // A comma the brackets put beside other punctuation goes.
    .replace(/,\s*(?=[.,!?:])/g, '')
    .replace(/([.!?:]),/g, '$1')
  return withoutInvalidDescriptionCharacters(text)
}
