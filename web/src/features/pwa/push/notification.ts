/**
 * The service worker's decisions as pure functions, free of worker and DOM types so Node tests run them as they
 * are: what a push message shows, and which window a click on it brings forward.
 */

/** The app's own icon; shown next to the text where the platform shows one. */
export const NOTIFICATION_ICON = '/favicon.svg'

/** What the worker passes to `registration.showNotification(title, options)`. */
export interface NotificationPlan {
  title: string
  options: {
    body: string
    tag?: string
    /** The language of the texts (`fi`, `sv`, `en`), for the platform's reading of them. */
    lang?: string
    icon: string
    /** A later message with the same tag replaces the shown one silently (one notification per request). */
    renotify: false
    silent?: true
    data: { url: string }
  }
}

/**
 * Only a path of this app: a click must never lead elsewhere, whatever a message carries. `//host` is another
 * origin to the browser, so it is refused like a full URL.
 */
export function safeAppPath(value: unknown): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/'
  return value
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/**
 * The in-app path of a notification's `navigate` (an absolute URL): only its path is taken, and opened on this
 * worker's own origin, so a click stays in the app whatever origin the server was told it has.
 */
export function appPathOf(navigate: unknown): string {
  if (typeof navigate !== 'string') return '/'
  try {
    // Not URL.canParse: Safari has it only from 17, and iOS 16.4-18.3 run this worker for every push.
    const { pathname, search, hash } = new URL(navigate)
    return safeAppPath(`${pathname}${search}${hash}`)
  } catch {
    return '/'
  }
}

/** What a declarative push message (`{ web_push: 8030, notification: {...} }`) carries, or null for another shape. */
function declarativeNotification(payload: Record<string, unknown>): Record<string, unknown> | null {
  const { web_push: marker, notification } = payload
  return marker === 8030 && typeof notification === 'object' && notification !== null
    ? (notification as Record<string, unknown>)
    : null
}

/**
 * The server sends a Declarative Web Push message (docs/live-and-push.md), already in the recipient's language:
 * `{ web_push: 8030, notification: { title, body, navigate, tag, lang, silent? } }`. Safari on iPhone and iPad shows
 * it by itself; every other browser brings it here. The flat `{ title, body, url, tag }` of earlier releases is still
 * read (pushes queued before an update). A message of neither shape still shows something (Chromium shows its own
 * "site updated in the background" notice when a push shows none), with the app's name as the title.
 */
export function notificationFromPayload(payload: unknown, appName: string): NotificationPlan {
  const message = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {}
  const declared = declarativeNotification(message)
  const fields = declared ?? message
  const tag = text(fields.tag)
  const lang = text(fields.lang)
  return {
    title: text(fields.title) || appName,
    options: {
      body: text(fields.body),
      ...(tag ? { tag } : {}),
      ...(lang ? { lang } : {}),
      icon: NOTIFICATION_ICON,
      renotify: false,
      // A stand-down ("someone is already helping") replaces the alert under its tag without ringing again.
      ...(fields.silent === true ? { silent: true } : {}),
      data: { url: declared ? appPathOf(declared.navigate) : safeAppPath(fields.url) },
    },
  }
}

/** A receipt token as the server makes them; anything else in a payload is not sent anywhere. */
const RECEIPT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The path the worker confirms a shown alert at (docs/live-and-push.md, "Receipts"), or null when the push asked
 * for no receipt. Only the token travels: no session, nothing else about the user.
 */
export function receiptPath(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null) return null
  const { receipt } = payload as Record<string, unknown>
  return typeof receipt === 'string' && RECEIPT.test(receipt) ? `/api/push/receipts/${receipt}` : null
}

/**
 * A practice alert's path (`/?practice=<sent ms>`) with a moment of the phone's added: `reached` when the worker
 * showed it, `tapped` when the user tapped it, so the app can tell how long each took. Any other path is left as
 * it is.
 */
export function stampPractice(path: string, moment: 'reached' | 'tapped', at: number): string {
  const url = new URL(path, 'https://app.invalid')
  if (!url.searchParams.has('practice')) return path
  url.searchParams.set(moment, String(Math.round(at)))
  return `${url.pathname}${url.search}${url.hash}`
}

/** The text of a push message as JSON, or null when it has none or it is not JSON. */
export function parsePayload(readText: (() => string) | undefined): unknown {
  if (!readText) return null
  try {
    return JSON.parse(readText()) as unknown
  } catch {
    return null
  }
}

/** The parts of a WindowClient the choice looks at. */
export interface WindowLike {
  url: string
  focused: boolean
  visibilityState: string
}

/**
 * The app window a notification click should bring forward: the focused one, else a visible one, else the first
 * (browsers list the most recently focused first). Windows of other origins are never chosen. Undefined: open a
 * new window.
 */
export function chooseWindow<T extends WindowLike>(windows: readonly T[], origin: string): T | undefined {
  const own = windows.filter((client) => client.url === origin || client.url.startsWith(`${origin}/`))
  return own.find((client) => client.focused) ?? own.find((client) => client.visibilityState === 'visible') ?? own[0]
}
