import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The app's own state as an installed web app: offline, and a new version waiting. */
export const pwaMessages = defineMessages({
  offlinebanner: /*i18n*/ {
    id: 'offlinebanner',
    message:
      'You are offline. Saved screens still work. What you write is kept on your phone and sent by itself when there is signal.',
    comment:
      'On every screen while the phone has no network. What you write: a new request, a message or a thank-you, ' +
      'which wait on the phone (the outbox) and go out by themselves; the same words as the outbox’s own lines.',
  },
  offlinelistfrom: /*i18n*/ {
    id: 'offlinelistfrom',
    message: 'You are offline — showing what was loaded at {time}',
  },
  updateavailable: /*i18n*/ { id: 'updateavailable', message: 'A new version of the app is available.' },
  updatereload: /*i18n*/ { id: 'updatereload', message: 'Reload' },
  updatelater: /*i18n*/ { id: 'updatelater', message: 'Later' },
})
