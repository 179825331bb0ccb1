/**
 * The character rule of what people write to each other: a message of the conversation and a thank-you's own words
 * (docs/product.md#conversation). Any text a keyboard types passes: quotes, brackets, slashes, emoji, every script.
 * The app shows it as text, never as markup (React escapes it), so nothing in it can act. Refused are the control
 * characters other than tab and line breaks, which no keyboard types and which show as nothing (U+0000 cannot even
 * be stored), and a lone UTF-16 surrogate half, which PostgreSQL would store as something else (./unstorable-text.ts).
 */
const REFUSED_CHARACTER = /[^\P{Cc}\t\n\r]|\p{Cs}/u

export const isFreeText = (text: string): boolean => !REFUSED_CHARACTER.test(text)
