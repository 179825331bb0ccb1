import t from 'tap'
import { ADMIN_USER_ERRORS, EXPORT_ERRORS } from '../../../server/domain/admin/errors.ts'
import { CONVERSATION_ERRORS } from '../../../server/domain/conversation/errors.ts'
import { DECISION_ERRORS, NOTICE_ERRORS, REPORT_ERRORS } from '../../../server/domain/moderation/errors.ts'
import { POSITION_ERRORS, REQUEST_ERRORS, THANKS_ERRORS } from '../../../server/domain/requests/errors.ts'
import { USER_ERRORS } from '../../../server/domain/accounts/errors.ts'
import { PUSH_ERRORS } from '../../../server/push/errors.ts'
import { BLOCK_ERRORS } from '../../../server/domain/blocks/errors.ts'
import { IDEMPOTENCY_ERRORS } from '../../../server/domain/idempotency/errors.ts'
import { SHARE_LINK_ERRORS } from '../../../server/domain/share-links/errors.ts'
import { SUSPENSION_ERRORS } from '../../../server/domain/moderation/suspension-errors.ts'
import { refusalMessage } from '../../../server/domain/moderation/refusal.ts'
import { GENERIC_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../../../server/errors.ts'
import { INVALID_CHARACTERS_MESSAGE } from '../../../server/validation.ts'
import { ApiError, KeyedError } from '../../../web/src/shared/api/errors.ts'
import { keyForServerError, messageKeyOf, SERVER_ERROR_KEYS } from '../../../web/src/shared/api/server-error-texts.ts'
import { messages } from '../../../web/src/shared/i18n/catalog.ts'

/** Every text the server's constants can put in a `message`: the server's own words, not a copy of them. */
const SERVER_MESSAGES = new Set<string>([
  ...Object.values(USER_ERRORS),
  ...Object.values(REQUEST_ERRORS),
  ...Object.values(ADMIN_USER_ERRORS),
  ...Object.values(EXPORT_ERRORS),
  ...Object.values(CONVERSATION_ERRORS),
  ...Object.values(THANKS_ERRORS),
  ...Object.values(POSITION_ERRORS),
  ...Object.values(SHARE_LINK_ERRORS),
  ...Object.values(BLOCK_ERRORS),
  ...Object.values(SUSPENSION_ERRORS),
  ...Object.values(REPORT_ERRORS),
  ...Object.values(DECISION_ERRORS),
  ...Object.values(NOTICE_ERRORS),
  ...Object.values(IDEMPOTENCY_ERRORS),
  ...Object.values(PUSH_ERRORS),
  INVALID_CHARACTERS_MESSAGE,
  GENERIC_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
])

/**
 * The server's error texts the table leaves out on purpose, and why. A new server error text must land in the table
 * or here: the test below fails until someone decides what the user sees.
 */
const WITHOUT_A_KEY = new Map<string, string>([
  [REQUEST_ERRORS.ownRequest, 'take-over: the contract shows any other take-over message as is'],
  [REQUEST_ERRORS.completed, 'take-over of a request completed meanwhile: shown as is'],
  [REQUEST_ERRORS.notFound, 'take-over of a deleted request: shown as is; a failed load has its own message'],
  [
    REQUEST_ERRORS.noCurrentHelper,
    'the UI offers remove-responder only while there is one: genericerror (the contract)',
  ],
  [REQUEST_ERRORS.notHelper, 'the UI offers release only to the responder: genericerror (the contract)'],
  [REQUEST_ERRORS.notOwner, 'owner actions are offered to the owner only: genericerror'],
  [REQUEST_ERRORS.notOwnerOrAdmin, 'mark ready and delete are offered to the owner or an admin only: genericerror'],
  [REQUEST_ERRORS.testOnlyAdmin, 'the test-request choice is shown to admins only: genericerror'],
  [REQUEST_ERRORS.invalidCategory, 'the form offers the server categories only: genericerror'],
  [REQUEST_ERRORS.badCursor, 'the app sends back only cursors the server gave it: a failed list load'],
  [USER_ERRORS.invalidLocation, 'coordinates come from the browser, in range: genericerror'],
  [USER_ERRORS.locationTooOften, 'the app waits out a 429 on a location report and sends it once more: never shown'],
  [USER_ERRORS.passwordTooLong, 'no catalog key yet: over 1024 characters shows genericerror'],
  [USER_ERRORS.abilitiesKit, 'the abilities form offers the listed kit only: genericerror'],
  [USER_ERRORS.abilitiesTransport, 'the abilities form offers the listed vehicles only: genericerror'],
  [USER_ERRORS.abilitiesFirstAid, 'the abilities form sends a checkbox: genericerror'],
  [USER_ERRORS.abilitiesLanguages, 'the abilities form offers the three languages only: genericerror'],
  [SHARE_LINK_ERRORS.notOwner, 'the detail offers sharing to the owner only: genericerror'],
  [
    SHARE_LINK_ERRORS.completed,
    'offered for an active request only; completed meanwhile, the detail says so: genericerror',
  ],
  [SHARE_LINK_ERRORS.notValid, 'the shared page shows its own "This link is no longer valid" for any 404'],
  [SUSPENSION_ERRORS.reason, "the decision's own endpoint checks its reason first: genericerror"],
  [SUSPENSION_ERRORS.self, 'the dashboard offers no decision on yourself: genericerror'],
  [SUSPENSION_ERRORS.endInPast, 'the dashboard asks for 1-365 days, never an end in the past: genericerror'],
  [REPORT_ERRORS.invalidAbout, 'the app reports only "owner" or "responder": genericerror'],
  [BLOCK_ERRORS.invalidAbout, "the app blocks only whom the request's mayActAbout names: genericerror"],
  [NOTICE_ERRORS.notFound, 'the app acknowledges only notices it was given, and shows nothing of it'],
  [IDEMPOTENCY_ERRORS.badKey, 'the outbox makes every key itself, in the allowed alphabet: genericerror'],
  [IDEMPOTENCY_ERRORS.otherCall, 'the outbox sends each key with one unchanged call only: genericerror'],
  [PUSH_ERRORS.unknownReceipt, 'answered to the service worker, which shows nothing of it'],
  [GENERIC_ERROR_MESSAGE, 'genericerror is the fallback itself'],
  [UNAVAILABLE_MESSAGE, 'a 503 while the database is away: genericerror'],
])

t.test('every server error text has a catalog key or a stated reason to have none', async (t) => {
  for (const message of SERVER_MESSAGES) {
    const mapped = Object.hasOwn(SERVER_ERROR_KEYS, message)
    t.ok(mapped !== WITHOUT_A_KEY.has(message), `${message}: ${mapped ? 'mapped' : 'not mapped'}`)
  }
  for (const message of WITHOUT_A_KEY.keys()) t.ok(SERVER_MESSAGES.has(message), `the server sends "${message}"`)
})

t.test('no key maps a text the server never sends', async (t) => {
  for (const message of Object.keys(SERVER_ERROR_KEYS)) t.ok(SERVER_MESSAGES.has(message), message)
})

t.test("the contract's mapping table, in the server's words", async (t) => {
  t.equal(keyForServerError(USER_ERRORS.userNameTaken), 'usernameexists')
  t.equal(keyForServerError(USER_ERRORS.incorrectPassword), 'invalidpassword')
  t.equal(keyForServerError(REQUEST_ERRORS.dailyLimit), 'dailylimitreached')
  t.equal(keyForServerError(REQUEST_ERRORS.activeLimit), 'activelimitreached')
  t.equal(keyForServerError(REQUEST_ERRORS.alreadyResponded), 'alreadyresponded')
  t.equal(keyForServerError(REQUEST_ERRORS.alreadyHasHelper), 'alreadyhashelper')
  t.equal(keyForServerError(REQUEST_ERRORS.responseLimit), 'responselimitreached')
  t.equal(keyForServerError(USER_ERRORS.invalidLogin), 'invalidUnameorPass')
  t.equal(keyForServerError(INVALID_CHARACTERS_MESSAGE), 'invalidcharacters', 'the unstorable-text guard too')
})

t.test("a suspended or banned account's refusal, whatever its end and reason", async (t) => {
  t.equal(keyForServerError(refusalMessage(new Date('2026-12-08T10:00:00Z'), 'Spam: again')), 'accountrefused')
  t.equal(keyForServerError(refusalMessage(null, 'Threats')), 'accountrefused')
  t.equal(keyForServerError('Account banned: '), 'genericerror', 'a ban names its reason')
  t.equal(keyForServerError('Account suspended until tomorrow: Spam'), 'genericerror', 'the end is an ISO instant')
})

t.test('anything else is genericerror, never the raw text', async (t) => {
  t.equal(keyForServerError('Internal Server Error'), 'genericerror')
  t.equal(keyForServerError('username already taken'), 'genericerror', 'exact text only')
  t.equal(keyForServerError('toString'), 'genericerror', 'no prototype keys')
  t.equal(keyForServerError('__proto__'), 'genericerror')
  t.equal(keyForServerError(''), 'genericerror')
  t.equal(keyForServerError(undefined), 'genericerror')
  t.equal(keyForServerError(null), 'genericerror')
})

t.test('every mapped key exists in the catalog', async (t) => {
  for (const key of Object.values(SERVER_ERROR_KEYS)) t.ok(Object.hasOwn(messages, key), key)
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
