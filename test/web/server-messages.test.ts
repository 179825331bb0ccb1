import t from 'tap'
import { ADMIN_USER_MESSAGES, EXPORT_MESSAGES } from '../../server/domain/admin-messages.ts'
import { CONVERSATION_MESSAGES } from '../../server/domain/conversation-texts.ts'
import { POSITION_MESSAGES } from '../../server/domain/position-texts.ts'
import { REQUEST_MESSAGES } from '../../server/domain/request-messages.ts'
import { THANKS_MESSAGES } from '../../server/domain/thanks-texts.ts'
import { USER_MESSAGES } from '../../server/domain/user-messages.ts'
import { GENERIC_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../server/errors.ts'
import { INVALID_CHARACTERS_MESSAGE } from '../../server/validation.ts'
import { ApiError, KeyedError } from '../../web/src/shared/api/errors.ts'
import { keyForServerMessage, messageKeyOf, SERVER_MESSAGE_KEYS } from '../../web/src/shared/api/server-error-texts.ts'
import { messages } from '../../web/src/shared/i18n/catalog.ts'

/** Every text the server's constants can put in a `message`: the server's own words, not a copy of them. */
const SERVER_MESSAGES = new Set<string>([
  ...Object.values(USER_MESSAGES),
  ...Object.values(REQUEST_MESSAGES),
  ...Object.values(ADMIN_USER_MESSAGES),
  ...Object.values(EXPORT_MESSAGES),
  ...Object.values(CONVERSATION_MESSAGES),
  ...Object.values(THANKS_MESSAGES),
  ...Object.values(POSITION_MESSAGES),
  INVALID_CHARACTERS_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
])

/**
 * The server's messages the table leaves out on purpose, and why. A new server message must land in the table or
 * here: the test below fails until someone decides what the user sees.
 */
const WITHOUT_A_KEY = new Map<string, string>([
  [REQUEST_MESSAGES.ownRequest, 'take-over: the contract shows any other take-over message as is'],
  [REQUEST_MESSAGES.completed, 'take-over of a request completed meanwhile: shown as is'],
  [REQUEST_MESSAGES.notFound, 'take-over of a deleted request: shown as is; a failed load has its own message'],
  [REQUEST_MESSAGES.noResponder, 'the UI offers remove-responder only while there is one: genericerror (the contract)'],
  [REQUEST_MESSAGES.notResponder, 'the UI offers release only to the responder: genericerror (the contract)'],
  [REQUEST_MESSAGES.notOwner, 'owner actions are offered to the owner only: genericerror'],
  [REQUEST_MESSAGES.notOwnerOrAdmin, 'mark ready and delete are offered to the owner or an admin only: genericerror'],
  [REQUEST_MESSAGES.testOnlyAdmin, 'the test-request choice is shown to admins only: genericerror'],
  [REQUEST_MESSAGES.invalidCategory, 'the form offers the server categories only: genericerror'],
  [REQUEST_MESSAGES.badCursor, 'the app sends back only cursors the server gave it: a failed list load'],
  [USER_MESSAGES.invalidLocation, 'coordinates come from the browser, in range: genericerror'],
  [USER_MESSAGES.locationTooOften, 'the app waits out a 429 on a location report and sends it once more: never shown'],
  [USER_MESSAGES.passwordTooLong, 'no catalog key yet: over 1024 characters shows genericerror'],
  [GENERIC_ERROR_MESSAGE, 'genericerror is the fallback itself'],
  [UNAVAILABLE_MESSAGE, 'a 503 while the database is away: genericerror'],
])

t.test('every server message has a catalog key or a stated reason to have none', async (t) => {
  for (const message of SERVER_MESSAGES) {
    const mapped = Object.hasOwn(SERVER_MESSAGE_KEYS, message)
    t.ok(mapped !== WITHOUT_A_KEY.has(message), `${message}: ${mapped ? 'mapped' : 'not mapped'}`)
  }
  for (const message of WITHOUT_A_KEY.keys()) t.ok(SERVER_MESSAGES.has(message), `the server sends "${message}"`)
})

t.test('no key maps a text the server never sends', async (t) => {
  for (const message of Object.keys(SERVER_MESSAGE_KEYS)) t.ok(SERVER_MESSAGES.has(message), message)
})

t.test("the contract's mapping table, in the server's words", async (t) => {
  t.equal(keyForServerMessage(USER_MESSAGES.userNameTaken), 'usernameexists')
  t.equal(keyForServerMessage(USER_MESSAGES.incorrectPassword), 'invalidpassword')
  t.equal(keyForServerMessage(REQUEST_MESSAGES.dailyLimit), 'dailylimitreached')
  t.equal(keyForServerMessage(REQUEST_MESSAGES.activeLimit), 'activelimitreached')
  t.equal(keyForServerMessage(REQUEST_MESSAGES.alreadyResponded), 'alreadyresponded')
  t.equal(keyForServerMessage(REQUEST_MESSAGES.alreadyHasResponder), 'alreadyhasresponder')
  t.equal(keyForServerMessage(REQUEST_MESSAGES.responseLimit), 'responselimitreached')
  t.equal(keyForServerMessage(USER_MESSAGES.invalidLogin), 'invalidUnameorPass')
  t.equal(keyForServerMessage(INVALID_CHARACTERS_MESSAGE), 'invalidcharacters', 'the unstorable-text guard too')
})

t.test('anything else is genericerror, never the raw text', async (t) => {
  t.equal(keyForServerMessage('Internal Server Error'), 'genericerror')
  t.equal(keyForServerMessage('username already taken'), 'genericerror', 'exact text only')
  t.equal(keyForServerMessage('toString'), 'genericerror', 'no prototype keys')
  t.equal(keyForServerMessage('__proto__'), 'genericerror')
  t.equal(keyForServerMessage(''), 'genericerror')
  t.equal(keyForServerMessage(undefined), 'genericerror')
  t.equal(keyForServerMessage(null), 'genericerror')
})

t.test('every mapped key exists in the catalog', async (t) => {
  for (const key of Object.values(SERVER_MESSAGE_KEYS)) t.ok(Object.hasOwn(messages, key), key)
})

t.test('messageKeyOf: thrown values to keys', async (t) => {
  t.equal(messageKeyOf(new ApiError(409, 'Username already taken')), 'usernameexists')
  t.equal(messageKeyOf(new ApiError(401, 'Invalid username or password')), 'invalidUnameorPass')
  t.equal(messageKeyOf(new ApiError(429, 'Rate limit exceeded, retry in 1 minute')), 'toomanyattempts', 'any 429')
  t.equal(messageKeyOf(new ApiError(500, 'Something broke')), 'genericerror')
  t.equal(
    messageKeyOf(new ApiError(0, 'Failed to fetch'), () => true),
    'offline',
    'no answer while offline',
  )
  t.equal(
    messageKeyOf(new ApiError(0, 'Failed to fetch'), () => false),
    'servernotreached',
    'no answer while online',
  )
  t.equal(messageKeyOf(new KeyedError('recaptchaerror')), 'recaptchaerror')
  t.equal(messageKeyOf(new TypeError('x is undefined')), 'genericerror', 'a bug')
  t.equal(messageKeyOf('a string'), 'genericerror')
})
