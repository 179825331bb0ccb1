import { defineMessages } from '../i18n/define-messages.ts'

/** Labels and controls of the account forms (login, registration, reset, settings), used as strings. */
export const formMessages = defineMessages({
  username: /*i18n*/ { id: 'username', message: 'Username' },
  phone: /*i18n*/ { id: 'phone', message: 'Phone number' },
  password: /*i18n*/ { id: 'password', message: 'Password' },
  identifier: /*i18n*/ {
    id: 'identifier',
    message: 'Username or phone number',
    comment: 'Login: one field that takes either.',
  },
  passwordhint: /*i18n*/ { id: 'passwordhint', message: 'At least 5 characters' },
  oldpassword: /*i18n*/ { id: 'oldpassword', message: 'Current password' },
  newpassword: /*i18n*/ { id: 'newpassword', message: 'New password' },
  showpassword: /*i18n*/ {
    id: 'showpassword',
    message: 'Show password',
    comment: 'Toggle button (pressed = shown) at the end of a password field.',
  },
  radius: /*i18n*/ {
    id: 'radius',
    message: 'Radius (km)',
    comment: 'Distance around the user within which help requests are shown and notified.',
  },
  radiusvalue: /*i18n*/ { id: 'radiusvalue', message: '{radius} km' },
  next: /*i18n*/ { id: 'next', message: 'Next', comment: 'Wizard: go to the next step.' },
  back: /*i18n*/ { id: 'back', message: 'Back', comment: 'Wizard: go to the previous step.' },
  pleasewait: /*i18n*/ { id: 'pleasewait', message: 'Please wait…', comment: 'A button while its action runs.' },
  sending: /*i18n*/ {
    id: 'sending',
    message: 'Sending…',
    comment:
      'In place of a Send button, or on a request, message or thank-you waiting on the phone, when sending it has ' +
      'taken over 2 seconds (a weak signal): it is still on its way.',
  },
  stepof: /*i18n*/ { id: 'stepof', message: 'Step {step} of {count}' },
  code: /*i18n*/ { id: 'code', message: 'Verification code' },
  codedigit: /*i18n*/ {
    id: 'codedigit',
    message: 'Digit {position} of {count}',
    comment: 'Accessible name of one box of the six-digit SMS code.',
  },
  resendcode: /*i18n*/ { id: 'resendcode', message: 'Send a new code' },
  resendin: /*i18n*/ {
    id: 'resendin',
    message: 'You can ask for a new code in {seconds} s',
    comment: 'Countdown before another SMS code can be sent; s = seconds.',
  },
  codesentagain: /*i18n*/ { id: 'codesentagain', message: 'A new code is on its way' },
  edit: /*i18n*/ { id: 'edit', message: 'Edit' },
  save: /*i18n*/ { id: 'save', message: 'Save' },
  cancel: /*i18n*/ { id: 'cancel', message: 'Cancel' },
  radiusinfo: /*i18n*/ { id: 'radiusinfo', message: 'What is the radius?' },
})
