/**
 * Text PostgreSQL cannot store as sent. U+0000 is refused by text and jsonb alike (error 22021, which was a
 * 500). A lone UTF-16 surrogate (JSON allows "\ud800") is not an error there, worse: postgres.js encodes it as
 * U+FFFD, so what is stored silently differs from what was sent, and a lookup by it matches other text. In a
 * `u` regex a well-formed surrogate pair is one code point, so \p{Cs} matches only lone halves.
 */
const LONE_SURROGATE = /\p{Cs}/u

/** U+0000 is looked for with includes(): a regex with a control character in it reads as a mistake. */
export const isUnstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text)

/**
 * True when some string in the value, or some object key, is unstorable. Iterative, not recursive: a 64 KiB
 * body can nest arrays 30,000 deep, and a stack overflow here would be a 500.
 */
export function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const item = pending.pop()
    if (typeof item === 'string') {
      if (isUnstorable(item)) return true
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child)
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (isUnstorable(key)) return true
        pending.push(child)
      }
    }
  }
  return false
}
