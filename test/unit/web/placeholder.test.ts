import { readFileSync } from 'node:fs'
import t from 'tap'

// A field's placeholder is a hint: the radius field's "10" (the SPEC's placeholder, which stays: test/e2e/accounts.test.ts
// reads it) must not read as a radius already typed in. The colours are the design tokens', read from the stylesheets
// as the browser gets them: a style needs no browser to be checked, only its drawing would.
const read = (path: string) => readFileSync(new URL(`../../../web/src/${path}`, import.meta.url), 'utf8')
const tokens = read('styles/tokens.css')
const form = read('shared/form/Form.css')

/** The block of `selector`'s first rule in `css`, between its braces (no nested rules in it). */
function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`no rule for ${selector}`)
  return css.slice(start, css.indexOf('}', start))
}

/** The light scheme's custom properties (the first :root) and the dark scheme's (the :root in its media query). */
function scheme(which: 'light' | 'dark'): Record<string, string> {
  const css = which === 'light' ? tokens : tokens.slice(tokens.indexOf('@media (prefers-color-scheme: dark)'))
  const values: Record<string, string> = {}
  for (const [, name, value] of block(css, ':root').matchAll(/(--[\w-]+):\s*([^;]+);/g)) values[name!] = value!.trim()
  return values
}

/** WCAG 2's relative luminance and contrast ratio of two #rrggbb colours. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
}
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (light! + 0.05) / (dark! + 0.05)
}

t.test('a placeholder has its own colour and italics, with no opacity that would dim it further', async (t) => {
  const rule = block(form, '.input::placeholder')
  t.match(rule, /color: var\(--color-placeholder\);/)
  t.match(rule, /font-style: italic;/)
  t.match(rule, /opacity: 1;/, 'Firefox’s own dimming undone')
  t.notMatch(block(form, '.input'), /font-style/, 'a typed value stays upright')
})

for (const which of ['light', 'dark'] as const) {
  t.test(`${which}: the placeholder reads as a hint, lighter than a typed value yet legible`, async (t) => {
    const colours = scheme(which)
    const placeholder = colours['--color-placeholder']!
    const text = colours['--color-text']!
    const background = colours['--color-bg']!
    for (const colour of [placeholder, text, background]) t.match(colour, /^#[0-9a-f]{6}$/, colour)
    const legible = contrast(placeholder, background)
    const apart = contrast(placeholder, text)
    t.ok(legible >= 4.5, `on the field: ${legible.toFixed(2)}:1, at least 4.5:1`)
    t.ok(apart >= 2.5, `from a typed value: ${apart.toFixed(2)}:1, at least 2.5:1`)
    t.ok(
      contrast(text, background) > legible,
      'a typed value stands out more than the hint (the text is at least 7:1 on the field)',
    )
  })
}
