import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The login with a code sent to the phone (docs/accounts.md, "Login with a code"). */
export const loginCodeMessages = defineMessages({
  logincode: /*i18n*/ {
    id: 'logincode',
    message: 'Log in with a code',
    comment: 'Title of the page where a code sent to the phone logs the user in, instead of the password.',
  },
  sendlogincode: /*i18n*/ {
    id: 'sendlogincode',
    message: 'Send me a login code',
    comment: 'Link on the login page to the login with a code sent by text message.',
  },
  logincodeintro: /*i18n*/ {
    id: 'logincodeintro',
    message:
      'Enter the phone number of your account. We will send you a code by text message, and the code logs you in.',
  },
  logincodeoffertitle: /*i18n*/ {
    id: 'logincodeoffertitle',
    message: 'Log in with a code instead',
    comment: 'Shown on the login page after the password login answered "Too many attempts".',
  },
  logincodeoffer: /*i18n*/ {
    id: 'logincodeoffer',
    message:
      'Password logins to this account are slowed down for now, perhaps by someone else trying to guess. A code sent to your phone logs you in at once.',
  },
})
