import t from 'tap'
import { ApiError, KeyedError } from '../../web/src/api/errors.ts'
import { keyForServerMessage, messageKeyOf, SERVER_MESSAGE_KEYS } from '../../web/src/api/server-messages.ts'
import { messages } from '../../web/src/i18n/messages.ts'

t.test('SPEC 8: server messages map to their catalog keys', async (t) => {
  const expected: Record<string, string> = {
    'Username already taken': 'usernameexists',
    'Incorrect password': 'invalidpassword',
    'Invalid username or password': 'invalidUnameorPass',
    'Invalid code': 'invalidcode',
    'Phonenumber already exists': 'phoneexists',
    'No user found with this phonenumber': 'phonenumbernotfound',
    'Invalid phonenumber': 'invalidphone',
    'Please fill in all fields': 'fillallfields',
    'Username must be 3-16 characters': 'invalidusernamelength',
    'Username contains invalid characters': 'invalidusernamechars',
    'Password must be at least 5 characters long': 'passwordtooshort',
    'Radius can only contain numbers': 'invalidradiuschars',
    'Radius can be 1-3 numbers': 'invalidradiuslength',
    'Too many attempts, try again later': 'toomanyattempts',
    'You have reached the daily request limit.': 'dailylimitreached',
    'You have reached the limit of 2 active requests.': 'activelimitreached',
    'You have already responded to this request.': 'alreadyresponded',
    'This request already has a responder.': 'alreadyhasresponder',
    'You have reached the limit of 2 active responses.': 'responselimitreached',
  }
  for (const [message, key] of Object.entries(expected)) t.equal(keyForServerMessage(message), key, message)
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
