import type { MessageKey } from '../i18n/messages.ts'
import { ApiError, KeyedError } from './errors.ts'

/**
 * The server's English `message` texts and the catalog key shown for each (SPEC section 8's mapping table, plus
 * the validation texts the server shares with the browser). Anything not listed is shown as genericerror: an
 * unknown text is never put on screen untranslated.
 */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  // Accounts
  'Username already taken': 'usernameexists',
  'Incorrect password': 'invalidpassword',
  'Invalid username or password': 'invalidUnameorPass',
  'Please fill in all fields': 'fillallfields',
  'Username must be 3-16 characters': 'invalidusernamelength',
  'Username contains invalid characters': 'invalidusernamechars',
  'Password must be at least 5 characters long': 'passwordtooshort',
  'Radius can only contain numbers': 'invalidradiuschars',
  'Radius can be 1-3 numbers': 'invalidradiuslength',
  // Phone verification
  'Invalid phonenumber': 'invalidphone',
  'Phonenumber already exists': 'phoneexists',
  'No user found with this phonenumber': 'phonenumbernotfound',
  'Invalid code': 'invalidcode',
  'Too many attempts, try again later': 'toomanyattempts',
  // Help requests
  'You have reached the daily request limit.': 'dailylimitreached',
  'You have reached the limit of 2 active requests.': 'activelimitreached',
  'You have already responded to this request.': 'alreadyresponded',
  'This request already has a responder.': 'alreadyhasresponder',
  'You have reached the limit of 2 active responses.': 'responselimitreached',
  'Contains invalid characters': 'invalidcharacters',
  'Description must be 1-500 characters': 'invaliddesclength',
}

/** The catalog key for a server `message`; genericerror for anything unknown or missing. */
export function keyForServerMessage(message: string | null | undefined): MessageKey {
  if (!message) return 'genericerror'
  return Object.hasOwn(SERVER_MESSAGE_KEYS, message) ? (SERVER_MESSAGE_KEYS[message] ?? 'genericerror') : 'genericerror'
}

/** The browser's own verdict; outside a browser (unit tests) the network counts as up. */
const browserIsOffline = () => (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false

/**
 * The message to show for any thrown value: a keyed error keeps its key, a call that got no answer says the device
 * is offline (or the server unreachable), an API error goes through the table, another 429 is "too many attempts"
 * (a rate limiter; the daily request limit is a 429 with its own text), and everything else (a bug) is
 * genericerror.
 */
export function messageKeyOf(error: unknown, isOffline: () => boolean = browserIsOffline): MessageKey {
  if (error instanceof KeyedError) return error.key
  if (error instanceof ApiError && error.status === 0) return isOffline() ? 'offline' : 'servernotreached'
  if (error instanceof ApiError) {
    const key = keyForServerMessage(error.message)
    if (key === 'genericerror' && error.status === 429) return 'toomanyattempts'
    return key
  }
  return 'genericerror'
}

/** What a failure shows: a catalog message, or (SPEC 8, take over only) the server's own words. */
export type Feedback = { key: MessageKey } | { text: string }

/**
 * SPEC 8: a take-over failure the table knows is translated; any other message the server gave is shown as is
 * (e.g. "You cannot respond to your own request."); no message at all, or no answer, is genericerror.
 */
export function takeOverFeedback(error: unknown): Feedback {
  const key = messageKeyOf(error)
  if (
    key === 'genericerror' &&
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.message &&
    !/^HTTP \d+$/.test(error.message)
  ) {
    return { text: error.message }
  }
  return { key }
}
