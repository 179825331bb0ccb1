import { ADMIN_USER_MESSAGES, EXPORT_MESSAGES } from '../../../../server/domain/admin-messages.ts'
import { CONVERSATION_MESSAGES } from '../../../../server/domain/conversation-texts.ts'
import { POSITION_MESSAGES } from '../../../../server/domain/position-texts.ts'
import { REQUEST_MESSAGES } from '../../../../server/domain/request-messages.ts'
import { THANKS_MESSAGES } from '../../../../server/domain/thanks-texts.ts'
import { USER_MESSAGES } from '../../../../server/domain/user-messages.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { ApiError, KeyedError } from './errors.ts'

/**
 * The server's `message` texts, taken from the server's own constants, and the catalog key shown for each (SPEC
 * section 8's mapping table, plus the validation texts the server shares with the browser's own checks). Anything
 * not listed is shown as genericerror: an unknown text is never put on screen untranslated. The shared validators
 * return these same texts, so a problem found in the browser and one the server answers show the same message.
 */
export const SERVER_MESSAGE_KEYS: Readonly<Record<string, MessageKey>> = {
  // Accounts
  [USER_MESSAGES.userNameTaken]: 'usernameexists',
  [USER_MESSAGES.incorrectPassword]: 'invalidpassword',
  [USER_MESSAGES.invalidLogin]: 'invalidUnameorPass',
  [USER_MESSAGES.fillAllFields]: 'fillallfields',
  [USER_MESSAGES.userNameLength]: 'invalidusernamelength',
  [USER_MESSAGES.userNameChars]: 'invalidusernamechars',
  [USER_MESSAGES.passwordTooShort]: 'passwordtooshort',
  [USER_MESSAGES.radiusChars]: 'invalidradiuschars',
  [USER_MESSAGES.radiusLength]: 'invalidradiuslength',
  [USER_MESSAGES.quietHoursBoth]: 'quiethoursboth',
  [USER_MESSAGES.quietHoursFormat]: 'quiethoursformat',
  [USER_MESSAGES.quietHoursSame]: 'quiethourssame',
  [USER_MESSAGES.hourlyCapRange]: 'hourlycaprange',
  // Phone verification
  [USER_MESSAGES.invalidPhone]: 'invalidphone',
  [USER_MESSAGES.phoneExists]: 'phoneexists',
  [USER_MESSAGES.phoneNotFound]: 'phonenumbernotfound',
  [USER_MESSAGES.invalidCode]: 'invalidcode',
  [USER_MESSAGES.tooManyAttempts]: 'toomanyattempts',
  // Help requests
  [REQUEST_MESSAGES.dailyLimit]: 'dailylimitreached',
  [REQUEST_MESSAGES.activeLimit]: 'activelimitreached',
  [REQUEST_MESSAGES.alreadyResponded]: 'alreadyresponded',
  [REQUEST_MESSAGES.alreadyHasResponder]: 'alreadyhasresponder',
  [REQUEST_MESSAGES.responseLimit]: 'responselimitreached',
  [REQUEST_MESSAGES.descriptionChars]: 'invalidcharacters',
  [REQUEST_MESSAGES.descriptionLength]: 'invaliddesclength',
  // Messages between a request's owner and its helper
  [CONVERSATION_MESSAGES.textLength]: 'invalidmessagelength',
  [CONVERSATION_MESSAGES.notParticipant]: 'messagesnotparticipant',
  [CONVERSATION_MESSAGES.adminReadOnly]: 'messagesadminreadonly',
  [CONVERSATION_MESSAGES.completed]: 'messagescompleted',
  [CONVERSATION_MESSAGES.noHelper]: 'messagesnohelper',
  [CONVERSATION_MESSAGES.hourlyLimit]: 'messagelimitreached',
  // Thank-yous
  [THANKS_MESSAGES.textLength]: 'invalidthankslength',
  [THANKS_MESSAGES.notOwner]: 'thanksnotowner',
  [THANKS_MESSAGES.notCompleted]: 'thanksnotcompleted',
  [THANKS_MESSAGES.noHelpReceived]: 'thanksnohelp',
  [THANKS_MESSAGES.noHelper]: 'thanksnohelper',
  [THANKS_MESSAGES.alreadyThanked]: 'alreadythanked',
  // The helper's shared position ("On my way")
  [POSITION_MESSAGES.notResponder]: 'positionnotresponder',
  [POSITION_MESSAGES.notViewer]: 'positionnotviewer',
  [POSITION_MESSAGES.tooOften]: 'positiontoooften',
  // The admin dashboard
  [ADMIN_USER_MESSAGES.userNotFound]: 'nosuchuser',
  [ADMIN_USER_MESSAGES.ownRole]: 'ownadminrole',
  [ADMIN_USER_MESSAGES.searchTooLong]: 'usersearchtoolong',
  [EXPORT_MESSAGES.datesRequired]: 'exportdatesrequired',
  [EXPORT_MESSAGES.invalidDate]: 'exportinvaliddate',
  [EXPORT_MESSAGES.fromAfterTo]: 'exportfromafterto',
  [EXPORT_MESSAGES.tooLong]: 'exporttoolong',
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

/** What a failure shows: a catalog message, or (take over only, docs/product.md#messages) the server's own words. */
export type Feedback = { key: MessageKey } | { text: string }

/**
 * docs/product.md#messages: a take-over failure the table knows is translated; any other message the server gave is
 * shown as is (e.g. "You cannot respond to your own request."); no message at all, or no answer, is genericerror.
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
