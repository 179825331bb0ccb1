import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Step titles and other strings of the registration, password reset and code login wizards. */
export const wizardMessages = defineMessages({
  accountstep: /*i18n*/ { id: 'accountstep', message: 'Your account details' },
  codestep: /*i18n*/ { id: 'codestep', message: 'Confirm your phone number' },
  radiusstep: /*i18n*/ { id: 'radiusstep', message: 'Your help radius' },
  radiusinfotitle: /*i18n*/ { id: 'radiusinfotitle', message: 'What the radius means' },
  phonestep: /*i18n*/ {
    id: 'phonestep',
    message: 'Your phone number',
    comment: 'Password reset and login with a code, step 1: the phone number of the account.',
  },
  newpasswordstep: /*i18n*/ { id: 'newpasswordstep', message: 'Choose a new password' },
  savepassword: /*i18n*/ { id: 'savepassword', message: 'Save password' },
})
