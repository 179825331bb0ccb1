import type { I18n } from '@lingui/core'
import type { HelpRequest } from './api.ts'
import { requestMessages } from './request-catalog.ts'

/**
 * How far the helper was when they took the owner's request over ("Hemmo was about 4 km away"), for the owner's card
 * and detail: the server keeps it from the take-over, from the helper's position rounded to a 1 km grid, and tells it
 * to the owner alone (docs/product.md#help-requests). Null when nobody helps or the distance is not known.
 */
export function helperDistanceText(request: HelpRequest, i18n: I18n): string | null {
  const name = request.responder_user_name
  const km = request.responder_distance_km
  if (request.status !== 'in progress' || name === null || km === null) return null
  return km === 0
    ? i18n._(requestMessages.helperwasnear.id, { name })
    : i18n._(requestMessages.helperwaskm.id, { name, distance: km })
}
