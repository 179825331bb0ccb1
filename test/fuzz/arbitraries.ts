import fc from 'fast-check'
import type { Schema } from './operations.ts'

/** Strings that have broken servers: SQL and HTML injection, template and path tricks, prototype keys. */
export const INJECTIONS = [
  "' OR '1'='1",
  "'; drop table users; --",
  '1; select pg_sleep(5)',
  '" or ""="',
  "1' union select phone, password_hash from users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%ff%',
  '\\',
  '%s%s%s%n',
  '{"$gt":""}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  '',
  ' ',
]

/** Unicode edge cases: NUL, lone surrogates, BOM, bidi overrides, zero width, combining marks, astral characters. */
export const UNICODE = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\uDE00y',
  '\uFEFF',
  '\u202Eevil',
  '\u200B\u200C\u200D',
  'e\u0301\u0301\u0301',
  '\u2028\u2029',
  '\r\n\t\v\f',
  '\u0085\u00A0',
  '𝕳𝖊𝖑𝖑𝖔 🚲🚲',
  'Ｆｕｌｌｗｉｄｔｈ',
  '\uFFFF\uFFFE',
  'Ω≈ç√∫',
]

/** Sizes around the schemas' bounds and beyond the body limit. */
const HUGE_LENGTHS = [201, 501, 2001, 10_001, 100_000]

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...UNICODE),
  fc
    .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'ä', '🚲', '\u0000', '<'))
    .map(([n, c]) => c.repeat(Math.ceil(n / c.length))),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.array(fc.constantFrom(...UNICODE, ...INJECTIONS), { minLength: 2, maxLength: 5 }).map((parts) => parts.join('')),
)

/** Ids and numbers at and past every edge: 0, negatives, 2^31, floats, beyond double precision. */
export const BAD_NUMBERS = [
  0,
  -1,
  -0,
  1.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e21,
  1e308,
  -1e308,
  5e-324,
]

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...BAD_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
)

/**
 * Arrays or objects nested `depth` levels deep, written as JSON text only when the body is sent (jsonText): the
 * recursion of fast-check's printing and of JSON.stringify would overflow the test's own stack first.
 */
export class DeepJson {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}

  text(): string {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`
  }

  [fc.toStringMethod](): string {
    return `new DeepJson(${this.depth}, '${this.kind}')`
  }
}

const isDeepJson = (part: unknown): part is DeepJson =>
  typeof part === 'object' && part !== null && Object.getPrototypeOf(part) === DeepJson.prototype

/** JSON text of a generated value, with its DeepJson parts written out. */
export function jsonText(value: unknown): string {
  const deepParts: DeepJson[] = []
  const text =
    JSON.stringify(value, (_, part: unknown) => {
      // A DeepJson itself, not a generated object whose `__proto__` key made one its prototype (with an own `text`).
      if (!isDeepJson(part)) return part
      deepParts.push(part)
      return `\u0000deep${deepParts.length - 1}\u0000`
    }) ?? 'null'
  return text.replace(/"\\u0000deep(\d+)\\u0000"/g, (_, i: string) => deepParts[Number(i)]!.text())
}

export const deepValue: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(50, 1_000, 5_000), fc.constantFrom<'array' | 'object'>('array', 'object'))
  .map(([depth, kind]) => new DeepJson(depth, kind))

/** Any value of a wrong kind for a field: the injections, odd numbers, other JSON types, deep nesting. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: nastyNumber, weight: 2 },
  { arbitrary: fc.constantFrom(true, false, null, [], {}), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: deepValue, weight: 1 },
)

const alternatives = (schema: Schema) => schema.anyOf ?? schema.oneOf

/** A value the schema accepts (short strings, numbers within bounds), from which the mutations start. */
export function fitting(schema: Schema): fc.Arbitrary<unknown> {
  const options = alternatives(schema)
  if (options) return fc.oneof(...options.map(fitting))
  if (schema.enum) return fc.constantFrom(...schema.enum)
  if ('const' in schema) return fc.constant(schema.const)
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type
  switch (type) {
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) })
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1000, 1000) })
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array':
      return fc.array(schema.items ? fitting(schema.items) : fc.jsonValue(), {
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      })
    case 'object': {
      const properties = Object.entries(schema.properties ?? {})
      return fc.record(Object.fromEntries(properties.map(([key, value]) => [key, fitting(value)])), {
        requiredKeys: (schema.required ?? []).filter((key) => schema.properties?.[key]),
      })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

/**
 * A body for an operation: mostly its documented example (or a fitting value) with fields swapped for nasty
 * values, required fields dropped and unknown ones added, so the calls get past the first check and reach the
 * rules behind it; sometimes a body of the wrong JSON type altogether.
 */
export function mutatedBody(schema: Schema, example: unknown): fc.Arbitrary<unknown> {
  const base = example !== undefined ? fc.oneof(fc.constant(example), fitting(schema)) : fitting(schema)
  const keys = Object.keys(schema.properties ?? {})
  const mutation = fc.record({
    replace: fc.dictionary(keys.length > 0 ? fc.constantFrom(...keys) : fc.string(), nastyValue, { maxKeys: 3 }),
    drop: fc.subarray(keys, { maxLength: Math.min(2, keys.length) }),
    extra: fc.dictionary(
      fc.oneof(fc.constantFrom('isAdmin', 'is_admin', 'user_id', 'owner_id'), nastyString),
      nastyValue,
      {
        maxKeys: 2,
      },
    ),
  })
  const mutated = fc.tuple(base, mutation).map(([value, { replace, drop, extra }]) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>), ...replace }
    for (const key of drop) delete copy[key]
    return Object.assign(copy, extra)
  })
  return fc.oneof(
    { arbitrary: base, weight: 2 },
    { arbitrary: mutated, weight: 6 },
    { arbitrary: nastyValue, weight: 2 },
  )
}

/** Bytes no JSON parser should accept quietly: broken JSON, invalid UTF-8, prototype poisoning, huge nesting. */
export const RAW_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'application/json', payload: '{' },
  { contentType: 'application/json', payload: '{"a":1,}' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"\\ud800"' },
  { contentType: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { contentType: 'application/json', payload: '['.repeat(100_000) + ']'.repeat(100_000) },
  { contentType: 'application/json', payload: `{"a":"${'x'.repeat(1_100_000)}"}` },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x--' },
  {
    contentType: 'application/xml',
    payload: '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><a>&e;</a>',
  },
]

/** Path segments for an id: the edges of the integer range, non-numbers and broken percent-encoding. */
export const BAD_ID_SEGMENTS = [
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9'.repeat(400),
  '1.5',
  '1e3',
  '0x10',
  ' 1',
  '00001',
  'abc',
  'null',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%',
  '%F0%9F%9A%B2',
  "1'%20or%20'1'='1",
]

/** Dates at the calendars' edges: impossible days, year 0 (PostgreSQL has none), the far past and future. */
export const DATE_EDGES = [
  '2026-02-29',
  '2024-02-30',
  '2026-13-01',
  '2026-00-10',
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '9999-12-31',
  '2026-1-1',
  '20260101',
  '2026-01-01T00:00:00Z',
  '+275760-09-13',
  '-000001-01-01',
]

/** A path segment or query value that survives in a URL whatever the string (lone surrogates cannot be encoded). */
export function urlPart(value: string): string {
  try {
    return encodeURIComponent(value)
  } catch {
    return '%ED%A0%80'
  }
}
