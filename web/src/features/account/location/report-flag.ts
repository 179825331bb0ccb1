import type { Report } from './location-reporter.ts'

/**
 * sessionStorage key: the last position this browser session reported, and when. A reload goes on from it
 * (docs/product.md#accounts: once per session in the contract, now again only after a move of more than a kilometre).
 */
const REPORTED_KEY = 'locationReported'

export function readLastReport(): Report | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(REPORTED_KEY) ?? 'null')
    if (typeof value !== 'object' || value === null || !('position' in value) || !('at' in value)) return null
    const { position, at } = value as Report
    return typeof at === 'number' && typeof position?.latitude === 'number' && typeof position.longitude === 'number'
      ? { position: { latitude: position.latitude, longitude: position.longitude }, at }
      : null
  } catch {
    return null
  }
}

export function saveLastReport(report: Report | null): void {
  try {
    if (report) sessionStorage.setItem(REPORTED_KEY, JSON.stringify(report))
    else sessionStorage.removeItem(REPORTED_KEY)
  } catch {
    // Without storage the first fix after a page load is reported again; harmless.
  }
}
