import { descriptionProblem, isDescriptionCharacter } from '#server/domain/requests/validation.ts'
import { keyForServerError } from '#shared/api/server-error-texts.ts'
import type { MessageKey } from '#shared/i18n/catalog.ts'

export { DESCRIPTION_MAX } from '#server/domain/requests/validation.ts'

/**
 * The description rules (docs/product.md#accounts), with the server's own function (on the trimmed text, counted in
 * characters).
 */
export function descriptionError(input: string): MessageKey | null {
  const problem = descriptionProblem(input)
  return problem === null ? null : keyForServerError(problem)
}

/** More than this many different characters are cut short with "…": a pasted text could name hundreds. */
export const NAMED_CHARACTERS_MAX = 8

/**
 * The characters of a description that docs/product.md#accounts does not allow, each once in the order they first
 * appear (a Set keeps it), as the user can read them: a visible one in quotes (“💩”), an invisible, control or combining
 * one (and a lone UTF-16 half) as its code point (U+0000), since in quotes it would show as nothing or as a box.
 * Checked one code point at a time with the server's own rule, so exactly what the server refuses is named.
 */
export function invalidDescriptionCharacters(input: string, quote = (text: string) => `“${text}”`): string[] {
  const seen = new Set<string>()
  for (const character of input.trim()) {
    if (!isDescriptionCharacter(character)) seen.add(character)
  }
  const named = [...seen].slice(0, NAMED_CHARACTERS_MAX).map((c) => (isReadable(c) ? quote(c) : codePointOf(c)))
  return seen.size > NAMED_CHARACTERS_MAX ? [...named, '…'] : named
}

/**
 * The text with every character the description rule refuses taken out ("Remove them"), checked one code point at a
 * time with the server's rule. Spaces that the removal leaves side by side ("at ( north" → "at  north") become one.
 */
export function withoutInvalidDescriptionCharacters(input: string): string {
  return [...input]
    .filter(isDescriptionCharacter)
    .join('')
    .replace(/([^\S\n])[^\S\n]+/g, '$1')
}

/** Control, format (zero-width, direction marks), private-use, unassigned, lone surrogate, separator and mark. */
const UNREADABLE = /^[\p{C}\p{Z}\p{M}]$/u

const isReadable = (character: string): boolean => !UNREADABLE.test(character)

const codePointOf = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`
