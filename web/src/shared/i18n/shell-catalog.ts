import { defineMessages } from './define-messages.ts'
import type { Language } from './language.ts'

/** Texts of the app shell that are used as strings (attributes, document titles) or in more than one place. */
export const shellMessages = defineMessages({
  appname: /*i18n*/ {
    id: 'appname',
    message: 'Bike Help',
    comment: 'The app name, also drawn as the wordmark in the top bar banner.',
  },
  settings: /*i18n*/ { id: 'settings', message: 'Settings' },
  close: /*i18n*/ { id: 'close', message: 'Close' },
  language: /*i18n*/ { id: 'language', message: 'Language' },
  backtomain: /*i18n*/ {
    id: 'backtomain',
    message: 'Back to the main screen',
    comment: 'Link from a secondary page to the home screen.',
  },
  tryagain: /*i18n*/ { id: 'tryagain', message: 'Try again' },
  screenloadfailed: /*i18n*/ {
    id: 'screenloadfailed',
    message: 'This part of the app could not be loaded. Check your connection.',
    comment: 'In place of a screen or dialog whose code could not be fetched (docs/pwa.md), above a Try again button.',
  },
  notfoundtitle: /*i18n*/ {
    id: 'notfoundtitle',
    message: 'Not found',
    comment: 'Heading of the page-not-found screen.',
  },
})

/** Titles of the screens that later issues build; shown as the heading of their placeholder. */
export const screenTitles = defineMessages({
  login: /*i18n*/ { id: 'login', message: 'Log in' },
  register: /*i18n*/ { id: 'register', message: 'Register' },
  resetpassword: /*i18n*/ { id: 'resetpassword', message: 'Reset password' },
  privacystatement: /*i18n*/ { id: 'privacystatement', message: 'Privacy statement' },
  info: /*i18n*/ { id: 'info', message: 'Info and FAQ' },
  install: /*i18n*/ { id: 'install', message: 'Install the app' },
})

/** The name of each language in the current interface language ("ruotsi" in Finnish, "Swedish" in English). */
export const languageNames = defineMessages({
  finnish: /*i18n*/ { id: 'finnish', message: 'Finnish' },
  swedish: /*i18n*/ { id: 'swedish', message: 'Swedish' },
  english: /*i18n*/ { id: 'english', message: 'English' },
}) satisfies Record<Language, unknown>
