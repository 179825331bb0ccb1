import { defineMessages } from './define-messages.ts'

/** Texts of the settings modal's notifications (web push) section. */
export const notificationMessages = defineMessages({
  notifications: /*i18n*/ { id: 'notifications', message: 'Notifications' },
  notificationsinfo: /*i18n*/ {
    id: 'notificationsinfo',
    message: 'Get a notification on this device when someone nearby needs help, and when your own request changes.',
  },
  notificationson: /*i18n*/ {
    id: 'notificationson',
    message: 'On',
    comment: 'State of notifications on this device, after "Notifications:".',
  },
  notificationsoff: /*i18n*/ {
    id: 'notificationsoff',
    message: 'Off',
    comment: 'State of notifications on this device, after "Notifications:".',
  },
  notificationschecking: /*i18n*/ { id: 'notificationschecking', message: 'Checking…' },
  notificationsunsupported: /*i18n*/ {
    id: 'notificationsunsupported',
    message: 'Not supported by this browser',
  },
  notificationsdenied: /*i18n*/ {
    id: 'notificationsdenied',
    message: 'Blocked in the browser settings',
  },
  notificationsdeniedhelp: /*i18n*/ {
    id: 'notificationsdeniedhelp',
    message: 'To turn notifications on, allow them for this site in your browser settings.',
  },
  turnnotificationson: /*i18n*/ { id: 'turnnotificationson', message: 'Turn notifications on' },
  turnnotificationsoff: /*i18n*/ { id: 'turnnotificationsoff', message: 'Turn notifications off' },
  notificationsfailed: /*i18n*/ {
    id: 'notificationsfailed',
    message: 'Changing notifications failed. Please try again.',
  },
  notificationscheckfailed: /*i18n*/ {
    id: 'notificationscheckfailed',
    message: 'Checking notifications failed.',
  },
})
