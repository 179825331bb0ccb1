import { defineMessages } from './define-messages.ts'

/**
 * The product's user-facing feedback (docs/product.md#messages): validation errors, server errors and success notices.
 * Keys are the product's message keys; screens refer to them as `messages.invalidphone`, and the mapping of
 * server answers to keys selects them by key. English texts are the contract's own wording, except that its
 * "phonenumber" is displayed as two words (the server's API messages keep the contract's spelling); toomanyattempts is
 * ours (the server's rate limits).
 */
export const messages = defineMessages({
  // Validation
  fillallfields: /*i18n*/ { id: 'fillallfields', message: 'Please fill in all fields' },
  invalidusernamelength: /*i18n*/ { id: 'invalidusernamelength', message: 'Username must be 3-16 characters' },
  invalidusernamechars: /*i18n*/ { id: 'invalidusernamechars', message: 'Username contains invalid characters' },
  usernameexists: /*i18n*/ { id: 'usernameexists', message: 'Username already exists' },
  phoneexists: /*i18n*/ { id: 'phoneexists', message: 'Phone number already exists' },
  phonenumbernotfound: /*i18n*/ { id: 'phonenumbernotfound', message: 'No user found with this phone number' },
  phonebanned: /*i18n*/ {
    id: 'phonebanned',
    message: 'This phone number is banned and cannot register while the ban lasts.',
    comment:
      'Not in the contract: the last step of registration, for a number whose earlier account was banned or suspended and then deleted (docs/safety.md, "What a deleted account leaves"). Only the phone’s holder, who proved it with the code, reads it.',
  },
  enterphone: /*i18n*/ {
    id: 'enterphone',
    message: 'Enter your phone number',
    comment: 'Password reset: the phone number field was left empty.',
  },
  passwordtooshort: /*i18n*/ { id: 'passwordtooshort', message: 'Password must be at least 5 characters long' },
  invalidphone: /*i18n*/ { id: 'invalidphone', message: 'Invalid phone number' },
  invalidcode: /*i18n*/ {
    id: 'invalidcode',
    message: 'Invalid code',
    comment: 'The six-digit verification code sent by SMS was wrong.',
  },
  codenotentered: /*i18n*/ { id: 'codenotentered', message: 'Code not entered' },
  invalidradiuschars: /*i18n*/ {
    id: 'invalidradiuschars',
    message: 'Radius can only contain numbers',
    comment: 'The notification radius in kilometers around the user.',
  },
  invalidradiuslength: /*i18n*/ {
    id: 'invalidradiuslength',
    message: 'Radius can be 1-3 numbers',
    comment: 'The radius may have one to three digits (1-999 km).',
  },
  invalidcharacters: /*i18n*/ {
    id: 'invalidcharacters',
    message: 'Contains invalid characters',
    comment: 'A help request description may contain only letters, digits, spaces and . , ! ? : -',
  },
  invaliddesclength: /*i18n*/ { id: 'invaliddesclength', message: 'Description must be 1-500 characters' },
  quiethoursboth: /*i18n*/ {
    id: 'quiethoursboth',
    message: 'Give both ends of the quiet hours, or neither',
    comment: 'Quiet hours: a time span with no alerts about new requests; one of its two times was missing.',
  },
  quiethoursformat: /*i18n*/ { id: 'quiethoursformat', message: 'Quiet hours must be times such as 22:00' },
  quiethourssame: /*i18n*/ {
    id: 'quiethourssame',
    message: 'Quiet hours must start and end at different times',
  },
  hourlycaprange: /*i18n*/ {
    id: 'hourlycaprange',
    message: 'Alerts per hour must be 1-30',
    comment: 'The most push alerts about new requests a user wants in one hour.',
  },
  invalidpassword: /*i18n*/ { id: 'invalidpassword', message: 'Invalid password' },
  invalidUnameorPass: /*i18n*/ { id: 'invalidUnameorPass', message: 'Invalid username or password' },

  // Limits and request rules
  dailylimitreached: /*i18n*/ {
    id: 'dailylimitreached',
    message: 'Daily limit reached: You have reached the daily limit of 5 requests, try again tomorrow',
  },
  activelimitreached: /*i18n*/ {
    id: 'activelimitreached',
    message: 'Active limit reached: You already have 2 active requests, delete an old one first',
  },
  responselimitreached: /*i18n*/ {
    id: 'responselimitreached',
    message: 'Response limit: You are already responding to two requests, release one first',
  },
  alreadyresponded: /*i18n*/ { id: 'alreadyresponded', message: 'You have already responded to this request' },
  alreadyhashelper: /*i18n*/ { id: 'alreadyhashelper', message: 'This request already has a helper' },

  // Loading and server failures
  failedtofetchrequests: /*i18n*/ { id: 'failedtofetchrequests', message: 'Failed to fetch requests' },
  failedtofetchrequest: /*i18n*/ { id: 'failedtofetchrequest', message: 'Failed to fetch request' },
  failedtoloadmap: /*i18n*/ { id: 'failedtoloadmap', message: 'Failed to load map' },
  locationfailed: /*i18n*/ { id: 'locationfailed', message: 'Failed to get location, check settings' },
  genericerror: /*i18n*/ { id: 'genericerror', message: 'Something went wrong, try again later' },
  offline: /*i18n*/ {
    id: 'offline',
    message: 'You are offline. Check your internet connection and try again.',
    comment: 'Not in the contract: an API call made while the device has no network.',
  },
  servernotreached: /*i18n*/ {
    id: 'servernotreached',
    message: 'The server could not be reached. Check your connection and try again.',
    comment: 'Not in the contract: the device is online but no answer came from the server.',
  },
  badrequest: /*i18n*/ { id: 'badrequest', message: 'Bad request' },
  notfound: /*i18n*/ {
    id: 'notfound',
    message: 'Not found: the page does not exist, or the request was not found and may have been deleted',
  },
  recaptchaerror: /*i18n*/ {
    id: 'recaptchaerror',
    message: 'Error during reCAPTCHA verification or sending verification code',
    comment: 'reCAPTCHA is the bot check run before an SMS code is sent.',
  },
  recaptchainiterror: /*i18n*/ { id: 'recaptchainiterror', message: 'Error initializing reCAPTCHA' },
  accountrefused: /*i18n*/ {
    id: 'accountrefused',
    message: 'Your account is suspended or banned. Log in again to see why.',
    comment: 'A call failed because an administrator suspended or banned the account meanwhile.',
  },
  toomanyattempts: /*i18n*/ {
    id: 'toomanyattempts',
    message: 'Too many attempts, try again later',
    comment: 'Not in the contract: the server limits logins and SMS codes against abuse (HTTP 429).',
  },

  // The admin dashboard
  nosuchuser: /*i18n*/ {
    id: 'nosuchuser',
    message: 'This user no longer exists',
    comment: 'Admin dashboard: the account was deleted while the list was open.',
  },
  ownadminrole: /*i18n*/ { id: 'ownadminrole', message: 'You cannot change your own admin role' },
  notsuspended: /*i18n*/ {
    id: 'notsuspended',
    message: 'This user is no longer suspended',
    comment: 'Admin dashboard: lifting a suspension that another admin lifted, or that ended, meanwhile.',
  },
  usersearchtoolong: /*i18n*/ {
    id: 'usersearchtoolong',
    message: 'Search for at most 16 characters: no username is longer',
  },
  exportdatesrequired: /*i18n*/ { id: 'exportdatesrequired', message: 'Choose both dates, from and to' },
  exportinvaliddate: /*i18n*/ { id: 'exportinvaliddate', message: 'Choose real calendar dates' },
  exportfromafterto: /*i18n*/ {
    id: 'exportfromafterto',
    message: 'The start date must not be after the end date',
  },
  exporttoolong: /*i18n*/ { id: 'exporttoolong', message: 'The period can be at most 366 days' },

  // Successes
  settingsupdated: /*i18n*/ { id: 'settingsupdated', message: 'Information updated' },
  descupdated: /*i18n*/ {
    id: 'descupdated',
    message: 'Description updated',
    comment: 'The description of a help request was saved.',
  },
  locationupdated: /*i18n*/ { id: 'locationupdated', message: 'Location updated' },
  passwordchanged: /*i18n*/ { id: 'passwordchanged', message: 'Password changed' },

  // Messages between a request's owner and its helper (the server's refusals)
  invalidmessagelength: /*i18n*/ { id: 'invalidmessagelength', message: 'A message must be 1-500 characters' },
  messagesnotparticipant: /*i18n*/ {
    id: 'messagesnotparticipant',
    message: 'Only the owner and the helper can read these messages.',
  },
  messagesadminreadonly: /*i18n*/ {
    id: 'messagesadminreadonly',
    message: 'Admins can read these messages but not write.',
  },
  messagescompleted: /*i18n*/ {
    id: 'messagescompleted',
    message: 'The request is completed: its messages are read-only.',
  },
  messagesnohelper: /*i18n*/ {
    id: 'messagesnohelper',
    message: 'Nobody is helping with this request now: its messages are read-only.',
    comment: 'The helper released the request or the owner removed them, so no messages can be sent.',
  },
  // The practice alert (Settings → Notifications; the server's refusals)
  practicetoooften: /*i18n*/ {
    id: 'practicetoooften',
    message: 'You have asked for 3 practice alerts in the last hour. Try again later.',
  },
  practicenosubscription: /*i18n*/ {
    id: 'practicenosubscription',
    message: 'Turn notifications on on this device first.',
    comment: 'A practice alert needs a device with notifications on.',
  },

  messagelimitreached: /*i18n*/ {
    id: 'messagelimitreached',
    message: 'You have sent too many messages on this request. Try again later.',
    comment: 'At most 30 messages per hour on one request.',
  },

  // The owner's thank-you to the helper (the server's refusals)
  invalidthankslength: /*i18n*/ { id: 'invalidthankslength', message: 'A thank-you must be 1-200 characters' },
  thanksnotowner: /*i18n*/ {
    id: 'thanksnotowner',
    message: 'Only the person who asked for help can thank the helper.',
  },
  thanksnotcompleted: /*i18n*/ {
    id: 'thanksnotcompleted',
    message: 'A thank-you can be sent once the request is marked ready.',
  },
  thanksnohelp: /*i18n*/ { id: 'thanksnohelp', message: 'A thank-you can be sent only when help was received.' },
  thanksnohelper: /*i18n*/ {
    id: 'thanksnohelper',
    message: 'Nobody was helping with this request when it was completed.',
  },
  alreadythanked: /*i18n*/ { id: 'alreadythanked', message: 'You have already thanked the helper for this request.' },
  blockself: /*i18n*/ { id: 'blockself', message: 'You cannot block yourself.' },
  blocknotowner: /*i18n*/ { id: 'blocknotowner', message: 'Only the owner can block the helper of a request.' },
  blocknohelper: /*i18n*/ { id: 'blocknohelper', message: 'Nobody has helped with this request.' },
  blocklimit: /*i18n*/ {
    id: 'blocklimit',
    message: 'You have blocked as many people as you can. Lift an earlier block first.',
  },
  blocknotfound: /*i18n*/ { id: 'blocknotfound', message: 'This block no longer exists.' },
  blocktakeover: /*i18n*/ { id: 'blocktakeover', message: 'You cannot take over this request.' },
  blockthanks: /*i18n*/ { id: 'blockthanks', message: 'You cannot thank this person.' },
  positionnothelper: /*i18n*/ {
    id: 'positionnothelper',
    message: 'Only the current helper can share their location.',
  },
  positionnotviewer: /*i18n*/ {
    id: 'positionnotviewer',
    message: 'Only the person asking for help and their helper can see the helper’s location.',
  },
  positiontoooften: /*i18n*/ {
    id: 'positiontoooften',
    message: 'Location updates are limited to one every 5 seconds.',
  },
  alertmoretoosoon: /*i18n*/ {
    id: 'alertmoretoosoon',
    message: 'You can alert more helpers once every 2 minutes.',
  },
  alertmorenomore: /*i18n*/ {
    id: 'alertmorenomore',
    message: 'No more helpers can be alerted for this request.',
  },
  movetoosoon: /*i18n*/ {
    id: 'movetoosoon',
    message: 'A request can be moved once every 10 seconds. Try again in a moment.',
  },

  // Reports and moderation decisions (the server's refusals)
  reportreasonrequired: /*i18n*/ {
    id: 'reportreasonrequired',
    message: 'Choose what happened',
    comment: 'Report dialog: no reason was chosen.',
  },
  reportdetailslength: /*i18n*/ { id: 'reportdetailslength', message: 'Details can be at most 500 characters' },
  reportyourself: /*i18n*/ { id: 'reportyourself', message: 'You cannot report yourself' },
  reportowneronly: /*i18n*/ {
    id: 'reportowneronly',
    message: 'Only the person who asked for help can report their helper.',
  },
  reportnohelper: /*i18n*/ { id: 'reportnohelper', message: 'Nobody has helped with this request.' },
  alreadyreported: /*i18n*/ {
    id: 'alreadyreported',
    message: 'You have already reported this person on this request.',
  },
  reportlimitreached: /*i18n*/ {
    id: 'reportlimitreached',
    message: 'You can send at most 10 reports a day. Try again tomorrow.',
  },
  decisionaction: /*i18n*/ {
    id: 'decisionaction',
    message: 'Choose an action',
    comment: 'Admin dashboard, deciding a report: no action (dismiss, warn, suspend, ban) was chosen.',
  },
  decisionreasonlength: /*i18n*/ {
    id: 'decisionreasonlength',
    message: 'The statement of reasons must be 1-500 characters',
    comment: 'Admin dashboard: the reasons of a moderation decision, which the user concerned reads.',
  },
  decisiondays: /*i18n*/ { id: 'decisiondays', message: 'A suspension lasts 1-365 days' },
  reportalreadydecided: /*i18n*/ {
    id: 'reportalreadydecided',
    message: 'Another admin has already decided this report.',
  },
  reportnotfound: /*i18n*/ { id: 'reportnotfound', message: 'This report no longer exists.' },
  ownreport: /*i18n*/ {
    id: 'ownreport',
    message: 'This report is about you: another admin decides it.',
  },
  filedreport: /*i18n*/ {
    id: 'filedreport',
    message: 'You filed this report: another admin decides it.',
  },
})

export type MessageKey = keyof typeof messages
