import { defineMessages } from '../i18n/define-messages.ts'

/** The live updates of this page, when the server paused them. */
export const liveMessages = defineMessages({
  livepaused: /*i18n*/ {
    id: 'livepaused',
    message: 'Live updates are paused here because the app is open in many other tabs or devices.',
    comment:
      'Calm notice, not an error: the user opened the app in more places than allowed, and this page stopped ' +
      'getting changes live. It comes back by itself when the page is looked at again.',
  },
  liveresume: /*i18n*/ {
    id: 'liveresume',
    message: 'Resume live updates',
    comment: 'Button on the paused notice: this page gets the live updates again (another place pauses instead).',
  },
})
