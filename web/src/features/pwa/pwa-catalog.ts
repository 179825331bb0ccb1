import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The app's own state as an installed web app: offline, and a new version waiting. */
export const pwaMessages = defineMessages({
  offlinebanner: /*i18n*/ {
    id: 'offlinebanner',
    message: 'You are offline. Saved screens still work; sending and updating need a connection.',
  },
  offlinelistfrom: /*i18n*/ {
    id: 'offlinelistfrom',
    message: 'You are offline — showing what was loaded at {time}',
  },
  updateavailable: /*i18n*/ { id: 'updateavailable', message: 'A new version of the app is available.' },
  updatereload: /*i18n*/ { id: 'updatereload', message: 'Reload' },
  updatelater: /*i18n*/ { id: 'updatelater', message: 'Later' },
})
