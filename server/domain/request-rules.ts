import { badRequest } from '../errors.ts'
import { REQUEST_CATEGORIES, type RequestCategory } from './categories.ts'
import { checkOptionalLocation, type Location } from './user-rules.ts'

export const DAILY_REQUEST_LIMIT = 5
export const ACTIVE_REQUEST_LIMIT = 2
export const ACTIVE_RESPONSE_LIMIT = 2
export const DESCRIPTION_MAX = 500
/** Calendar days for the daily limit are Finnish days, whatever the server's time zone. */
export const LIMIT_TIME_ZONE = 'Europe/Helsinki'

/** The server's words (SPEC 8's mapping table lists the ones the client translates). */
export const REQUEST_MESSAGES = {
  dailyLimit: 'You have reached the daily request limit.',
  activeLimit: 'You have reached the limit of 2 active requests.',
  alreadyResponded: 'You have already responded to this request.',
  alreadyHasResponder: 'This request already has a responder.',
  responseLimit: 'You have reached the limit of 2 active responses.',
  ownRequest: 'You cannot respond to your own request.',
  notFound: 'Request not found',
  completed: 'This request is already completed.',
  noResponder: 'This request has no responder.',
  notResponder: 'Only the responder can release this request.',
  notOwner: 'Only the owner can do this.',
  notOwnerOrAdmin: 'Only the owner or an admin can do this.',
  testOnlyAdmin: 'Only an admin can create test requests.',
  invalidCategory: 'Invalid category',
  descriptionLength: 'Description must be 1-500 characters',
  descriptionChars: 'Contains invalid characters',
} as const

/** SPEC 5: letters (with ä ö, and å for Swedish), digits, whitespace and . , ! ? : - */
const DESCRIPTION_CHARACTERS = /^[A-Za-zÄÖÅäöå0-9\s.,!?:-]+$/

export function checkCategory(value: string): RequestCategory {
  if (!(REQUEST_CATEGORIES as readonly string[]).includes(value)) throw badRequest(REQUEST_MESSAGES.invalidCategory)
  return value as RequestCategory
}

export function checkDescription(input: string): string {
  const description = input.trim()
  if (description.length < 1 || description.length > DESCRIPTION_MAX)
    throw badRequest(REQUEST_MESSAGES.descriptionLength)
  if (!DESCRIPTION_CHARACTERS.test(description)) throw badRequest(REQUEST_MESSAGES.descriptionChars)
  return description
}

/** Two decimals is about a kilometre: the SPEC draws an approximate location as a 2 km circle. */
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

/** The SPEC sends flags as 0 or 1; API clients may send booleans. */
export function flag(value: boolean | 0 | 1 | undefined): boolean {
  return value === true || value === 1
}
