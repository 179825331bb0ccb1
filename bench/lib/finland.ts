/** Where the benchmarks' people are: the same population for every bench that places users or requests. */

/** Deterministic randomness (mulberry32): every run measures the same people and requests. */
export function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

/** The next largest cities after the Helsinki region. */
const CITIES = [
  { latitude: 61.4978, longitude: 23.761 },
  { latitude: 60.4518, longitude: 22.2666 },
  { latitude: 65.0121, longitude: 25.4651 },
  { latitude: 62.8924, longitude: 27.677 },
  { latitude: 62.2415, longitude: 25.7209 },
  { latitude: 60.9827, longitude: 25.6615 },
  { latitude: 62.6012, longitude: 29.7636 },
  { latitude: 61.0587, longitude: 28.1887 },
]

export interface Point {
  latitude: number
  longitude: number
}

/** Where Finns are: a third in the Helsinki region, a third in the next cities, a third anywhere in the country. */
export function somewhere(rnd: () => number): Point {
  const around = (centre: number, spread: number) => centre + (rnd() - 0.5) * 2 * spread
  const roll = rnd()
  if (roll < 0.33) return { latitude: around(60.25, 0.35), longitude: around(24.9, 0.8) }
  if (roll < 0.66) {
    const city = CITIES[Math.floor(rnd() * CITIES.length)]!
    return { latitude: around(city.latitude, 0.15), longitude: around(city.longitude, 0.3) }
  }
  return { latitude: 59.8 + rnd() * 10, longitude: 21 + rnd() * 9 }
}
