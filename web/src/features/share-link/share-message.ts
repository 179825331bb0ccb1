/**
 * How the owner hands the link on (docs/requests.md, "Share links"): the system share sheet where the browser has
 * one (Web Share API), else a copy and a text message. Pure, so tested without a browser.
 */

export interface SharePayload {
  title: string
  text: string
  url: string
}

/**
 * An `sms:` link with the text and the link as its body and no recipient, so the phone's messaging app opens with
 * the message ready and the owner picks the person. `?&body=` is the form both iOS and Android read.
 */
export const smsHref = ({ text, url }: Pick<SharePayload, 'text' | 'url'>): string =>
  `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`

/** What of the browser's navigator the share menu needs (a type of its own: this module runs in Node tests too). */
export interface ShareCapable {
  share?: unknown
  canShare?: (data: SharePayload) => boolean
}

/** Whether this browser (its `navigator`) can share this payload through the system share sheet. */
export function canShareNatively(payload: SharePayload, nav: ShareCapable): boolean {
  if (typeof nav.share !== 'function') return false
  return typeof nav.canShare === 'function' ? nav.canShare(payload) : true
}
