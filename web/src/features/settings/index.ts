/** What other features use of settings/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { HelpNowSwitch } from './HelpNowSwitch.tsx'
export { SettingsEntry } from './SettingsEntry.tsx'
export { accountMessages } from './account-catalog.ts'
export { notificationMessages } from './notification-catalog.ts'
export { selectLanguage } from './slice.ts'
