import { ADMIN_USER_ERRORS, EXPORT_ERRORS } from '#server/domain/admin/errors.ts'
import { BLOCK_ERRORS } from '#server/domain/blocks/errors.ts'
import { CONVERSATION_ERRORS } from '#server/domain/conversation/errors.ts'
import { DECISION_ERRORS, REPORT_ERRORS } from '#server/domain/moderation/errors.ts'
import { POSITION_ERRORS } from '#server/domain/requests/errors.ts'
import { REQUEST_ERRORS } from '#server/domain/requests/errors.ts'
import { THANKS_ERRORS } from '#server/domain/requests/errors.ts'
import { USER_ERRORS } from '#server/domain/accounts/errors.ts'
import { PUSH_ERRORS } from '#server/push/errors.ts'
import { SUSPENSION_ERRORS } from '#server/domain/moderation/suspension-errors.ts'
import { parseRefusal } from '#server/domain/moderation/refusal.ts'
import type { MessageKey } from '../i18n/catalog.ts'
import { ApiError, KeyedError } from './errors.ts'

/**
 * The server's `message` texts, taken from the server's own constants, and the catalog key shown for each (the
 * mapping of docs/product.md#messages, plus the validation texts the server shares with the browser's own checks). Anything
 * not listed is shown as genericerror: an unknown text is never put on screen untranslated. The shared validators
 * return these same texts, so a problem found in the browser and one the server answers show the same message.
 */
export const SERVER_ERROR_KEYS: Readonly<Record<string, MessageKey>> = {
  // Accounts
  [USER_ERRORS.userNameTaken]: 'usernameexists',
  [USER_ERRORS.incorrectPassword]: 'invalidpassword',
  [USER_ERRORS.invalidLogin]: 'invalidUnameorPass',
  [USER_ERRORS.fillAllFields]: 'fillallfields',
  [USER_ERRORS.userNameLength]: 'invalidusernamelength',
  [USER_ERRORS.userNameChars]: 'invalidusernamechars',
  [USER_ERRORS.passwordTooShort]: 'passwordtooshort',
  [USER_ERRORS.radiusChars]: 'invalidradiuschars',
  [USER_ERRORS.radiusLength]: 'invalidradiuslength',
  [USER_ERRORS.quietHoursBoth]: 'quiethoursboth',
  [USER_ERRORS.quietHoursFormat]: 'quiethoursformat',
  [USER_ERRORS.quietHoursSame]: 'quiethourssame',
  [USER_ERRORS.hourlyCapRange]: 'hourlycaprange',
  // Phone verification
  [USER_ERRORS.invalidPhone]: 'invalidphone',
  [USER_ERRORS.phoneExists]: 'phoneexists',
  [USER_ERRORS.phoneNotFound]: 'phonenumbernotfound',
  [USER_ERRORS.phoneBanned]: 'phonebanned',
  [USER_ERRORS.invalidCode]: 'invalidcode',
  [USER_ERRORS.tooManyAttempts]: 'toomanyattempts',
  // Help requests
  [REQUEST_ERRORS.dailyLimit]: 'dailylimitreached',
  [REQUEST_ERRORS.activeLimit]: 'activelimitreached',
  [REQUEST_ERRORS.alreadyResponded]: 'alreadyresponded',
  [REQUEST_ERRORS.alreadyHasHelper]: 'alreadyhashelper',
  [REQUEST_ERRORS.responseLimit]: 'responselimitreached',
  [REQUEST_ERRORS.descriptionChars]: 'invalidcharacters',
  [REQUEST_ERRORS.descriptionLength]: 'invaliddesclength',
  [REQUEST_ERRORS.alertMoreTooSoon]: 'alertmoretoosoon',
  [REQUEST_ERRORS.noMoreAlerts]: 'alertmorenomore',
  [REQUEST_ERRORS.moveTooSoon]: 'movetoosoon',
  // Messages between a request's owner and its helper
  [CONVERSATION_ERRORS.textLength]: 'invalidmessagelength',
  [CONVERSATION_ERRORS.notParticipant]: 'messagesnotparticipant',
  [CONVERSATION_ERRORS.adminReadOnly]: 'messagesadminreadonly',
  [CONVERSATION_ERRORS.completed]: 'messagescompleted',
  [CONVERSATION_ERRORS.noHelper]: 'messagesnohelper',
  [CONVERSATION_ERRORS.hourlyLimit]: 'messagelimitreached',
  // The practice alert
  [PUSH_ERRORS.practiceTooOften]: 'practicetoooften',
  [PUSH_ERRORS.practiceNoSubscription]: 'practicenosubscription',
  // Thank-yous
  [THANKS_ERRORS.textLength]: 'invalidthankslength',
  [THANKS_ERRORS.notOwner]: 'thanksnotowner',
  [THANKS_ERRORS.notCompleted]: 'thanksnotcompleted',
  [THANKS_ERRORS.noHelpReceived]: 'thanksnohelp',
  [THANKS_ERRORS.noHelper]: 'thanksnohelper',
  [THANKS_ERRORS.alreadyThanked]: 'alreadythanked',
  // The helper's shared position ("On my way")
  [POSITION_ERRORS.notHelper]: 'positionnothelper',
  [POSITION_ERRORS.notViewer]: 'positionnotviewer',
  [POSITION_ERRORS.tooOften]: 'positiontoooften',
  // Blocks
  [BLOCK_ERRORS.self]: 'blockself',
  [BLOCK_ERRORS.notOwner]: 'blocknotowner',
  [BLOCK_ERRORS.noHelper]: 'blocknohelper',
  [BLOCK_ERRORS.limit]: 'blocklimit',
  [BLOCK_ERRORS.notFound]: 'blocknotfound',
  [BLOCK_ERRORS.takeOver]: 'blocktakeover',
  [BLOCK_ERRORS.thanks]: 'blockthanks',
  // The admin dashboard
  [ADMIN_USER_ERRORS.userNotFound]: 'nosuchuser',
  [ADMIN_USER_ERRORS.ownRole]: 'ownadminrole',
  [ADMIN_USER_ERRORS.searchTooLong]: 'usersearchtoolong',
  [SUSPENSION_ERRORS.notSuspended]: 'notsuspended',
  [EXPORT_ERRORS.datesRequired]: 'exportdatesrequired',
  [EXPORT_ERRORS.invalidDate]: 'exportinvaliddate',
  [EXPORT_ERRORS.fromAfterTo]: 'exportfromafterto',
  [EXPORT_ERRORS.tooLong]: 'exporttoolong',
  // Reports and moderation decisions
  [REPORT_ERRORS.invalidReason]: 'reportreasonrequired',
  [REPORT_ERRORS.detailsLength]: 'reportdetailslength',
  [REPORT_ERRORS.yourself]: 'reportyourself',
  [REPORT_ERRORS.ownerOnly]: 'reportowneronly',
  [REPORT_ERRORS.noCurrentHelper]: 'reportnohelper',
  [REPORT_ERRORS.alreadyReported]: 'alreadyreported',
  [REPORT_ERRORS.dailyLimit]: 'reportlimitreached',
  [DECISION_ERRORS.invalidAction]: 'decisionaction',
  [DECISION_ERRORS.reasonLength]: 'decisionreasonlength',
  [DECISION_ERRORS.daysRequired]: 'decisiondays',
  [DECISION_ERRORS.daysOnlySuspend]: 'decisiondays',
  [DECISION_ERRORS.alreadyDecided]: 'reportalreadydecided',
  [DECISION_ERRORS.reportNotFound]: 'reportnotfound',
  [DECISION_ERRORS.ownReport]: 'ownreport',
  [DECISION_ERRORS.filedReport]: 'filedreport',
}

/**
 * The catalog key for a server `message`; genericerror for anything unknown or missing. The one text with variable
 * parts, a suspended or banned account's refusal (its end and reason), is recognised by parseRefusal; where a form
 * shows only a key it says the account is refused, and the login page shows the whole (AccountRefusalNotice).
 */
export function keyForServerError(message: string | null | undefined): MessageKey {
  if (!message) return 'genericerror'
  if (parseRefusal(message)) return 'accountrefused'
  return Object.hasOwn(SERVER_ERROR_KEYS, message) ? (SERVER_ERROR_KEYS[message] ?? 'genericerror') : 'genericerror'
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
    const key = keyForServerError(error.message)
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
