/**
 * A seeded pseudo-random generator (mulberry32) for randomised tests: a run prints its seed, and the same seed
 * makes the same choices again, so a failure can be replayed.
 */
export interface Random {
  readonly seed: number
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max]. */
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
}

/** The seed from the environment variable `name` when set (to replay a failure), else a fresh one. */
export function seedFrom(name: string): number {
  const given = process.env[name]
  // Below 2^31, so that fast-check, which takes seeds as 32-bit signed integers, reports the same number.
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 31)
  const seed = Number(given)
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 31) throw new Error(`${name} must be an integer 0-2147483647`)
  return seed
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let x = state
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  return {
    seed,
    next,
    int,
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list')
      return items[int(0, items.length - 1)]!
    },
  }
}

/** A positive integer from the environment variable `name`, else `fallback` (a soak run asks for more). */
export function countFrom(name: string, fallback: number): number {
  const given = process.env[name]
  if (given === undefined || given === '') return fallback
  const count = Number(given)
  if (!Number.isInteger(count) || count < 1) throw new Error(`${name} must be a positive integer`)
  return count
}
