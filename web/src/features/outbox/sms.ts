/**
 * "Send by SMS to someone you trust" (docs/outbox.md, "No data at all"): when the phone has signal for calls and
 * texts but none for data, a text message still goes. The text names the category, the description and the place
 * as an OpenStreetMap link, and the request's share link where there is one (a request not yet sent has none).
 * Pure, so tested without a browser.
 */
import type { Coordinates } from '#shared/api/types.ts'

/** OpenStreetMap's zoom for the point in a text message: the streets around it, readable on a phone. */
export const SMS_MAP_ZOOM = 16

/** Five decimals: about a metre, as exact as a phone's fix, and short in a text message. */
const fixed = (degrees: number) => String(Number(degrees.toFixed(5)))

/** The point on openstreetmap.org with a marker: opens in any phone's browser, no app needed. */
export function smsMapUrl({ latitude, longitude }: Coordinates): string {
  const lat = fixed(latitude)
  const lon = fixed(longitude)
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${SMS_MAP_ZOOM}/${lat}/${lon}`
}

export interface SmsParts {
  /** "I need help (Bike Help):" in the user's language. */
  intro: string
  /** The category's name in the user's language. */
  category: string
  description: string
  /** Null when the request has no location. */
  location: Coordinates | null
  /** The request's share link (docs/requests.md, "Share links"), when it exists and one is live. */
  shareUrl?: string | null
  /** "Follow it here:" in the user's language, before the share link. */
  followLabel?: string
}

/** The message's text: one line each, so it reads well on any phone; nothing empty. */
export function smsText({ intro, category, description, location, shareUrl, followLabel }: SmsParts): string {
  const lines = [intro, `${category}: ${description.trim()}`]
  if (location) lines.push(smsMapUrl(location))
  if (shareUrl) lines.push(followLabel ? `${followLabel} ${shareUrl}` : shareUrl)
  return lines.join('\n')
}

/**
 * An `sms:` link with the text and no recipient: the messaging app opens with the message ready, and the user picks
 * the person. `?&body=` is the form both iOS and Android read (as the share link's "Send as a text message").
 */
export const smsLink = (text: string): string => `sms:?&body=${encodeURIComponent(text)}`

/** The request's fields from a new request's body as the outbox keeps it, or null when it is not one. */
export function requestOfBody(
  body: unknown,
): { category: string; description: string; location: Coordinates | null } | null {
  if (typeof body !== 'object' || body === null) return null
  const fields = body as Record<string, unknown>
  if (typeof fields.category !== 'string' || typeof fields.description !== 'string') return null
  const { latitude, longitude } = fields
  const location =
    typeof latitude === 'number' && typeof longitude === 'number' && Number.isFinite(latitude + longitude)
      ? { latitude, longitude }
      : null
  return { category: fields.category, description: fields.description, location }
}
