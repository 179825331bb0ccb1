import { badRequest } from '../../errors.ts'
import { REQUEST_CATEGORIES, type RequestCategory } from '../shared/categories.ts'
import { REQUEST_ERRORS } from './errors.ts'
import { descriptionProblem } from './validation.ts'
import { checkOptionalLocation, type Location } from '../accounts/rules.ts'

export { ACTIVE_REQUEST_LIMIT, ACTIVE_RESPONSE_LIMIT, DAILY_REQUEST_LIMIT } from './limit-values.ts'

export function checkCategory(value: string): RequestCategory {
  if (!(REQUEST_CATEGORIES as readonly string[]).includes(value)) throw badRequest(REQUEST_ERRORS.invalidCategory)
  return value as RequestCategory
}

/** The description as stored: trimmed, 1-500 characters of the allowed set. */
export function checkDescription(input: string): string {
  const problem = descriptionProblem(input)
  if (problem !== null) throw badRequest(problem)
  return input.trim()
}

/** Two decimals is about a kilometre: an approximate location is drawn as a 2 km circle (docs/product.md#help-requests). */
export function roundApproximate(value: number): number {
  return Math.round(value * 100) / 100
}

export interface RequestLocation {
  location: Location | null
  isApproximate: boolean
}

/**
 * The location as it may be stored. An approximate one is rounded here, before anything is written, so its
 * exact point never exists on the server.
 */
export function checkRequestLocation(
  latitude: number | null | undefined,
  longitude: number | null | undefined,
  isApproximate: boolean,
): RequestLocation {
  const location = checkOptionalLocation(latitude, longitude)
  if (!location || !isApproximate) return { location, isApproximate }
  return {
    location: { latitude: roundApproximate(location.latitude), longitude: roundApproximate(location.longitude) },
    isApproximate,
  }
}

/** The contract sends flags as 0 or 1; API clients may send booleans. */
export function flag(value: boolean | 0 | 1 | undefined): boolean {
  return value === true || value === 1
}
