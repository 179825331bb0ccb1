/** The verification code: six boxes of one digit each (docs/product.md#accounts). */
export const CODE_LENGTH = 6

export type CodeDigits = readonly string[]

export const emptyCode = (): string[] => Array.from({ length: CODE_LENGTH }, () => '')

/**
 * A paste into any box: accepted only when it is exactly six digits (spaces or a line break around it, as copied
 * from a message, are ignored); then it fills all boxes. Anything else is refused (null).
 */
export function parsePastedCode(text: string): string[] | null {
  const trimmed = text.trim()
  return new RegExp(`^[0-9]{${CODE_LENGTH}}$`).test(trimmed) ? [...trimmed] : null
}

export const isCodeComplete = (digits: CodeDigits): boolean =>
  digits.length === CODE_LENGTH && digits.every((digit) => /^[0-9]$/.test(digit))

/** The boxes after an edit, and the box that gets focus next. */
export interface CodeEdit {
  code: string[]
  focus: number
}

/**
 * Input into box `index`. A whole code at once (the phone's one-time-code autofill puts it into the focused box)
 * fills every box. Otherwise the box keeps the last digit typed, so typing over a filled box replaces it, and
 * focus moves on to the next box (auto-advance); anything but a digit leaves the box empty where it is.
 */
export function typeIntoBox(code: CodeDigits, index: number, value: string): CodeEdit {
  const whole = parsePastedCode(value)
  if (whole) return { code: whole, focus: CODE_LENGTH - 1 }
  const digit = value.replace(/[^0-9]/g, '').slice(-1)
  const next = [...code]
  next[index] = digit
  return { code: next, focus: digit && index < CODE_LENGTH - 1 ? index + 1 : index }
}

/** Backspace in box `index`: empties it, or when it is already empty, goes back one box and empties that one. */
export function backspaceInBox(code: CodeDigits, index: number): CodeEdit {
  const next = [...code]
  if (next[index] || index === 0) {
    next[index] = ''
    return { code: next, focus: index }
  }
  next[index - 1] = ''
  return { code: next, focus: index - 1 }
}
