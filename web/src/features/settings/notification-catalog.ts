import { defineMessages } from '#shared/i18n/define-messages.ts'

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
  notificationshomescreen: /*i18n*/ {
    id: 'notificationshomescreen',
    message: 'Only in the app on the Home Screen',
    comment:
      'State of notifications on an iPhone or iPad in Safari, after "Notifications:". Home Screen as iOS names it in this language.',
  },
  notificationshomescreenhelp: /*i18n*/ {
    id: 'notificationshomescreenhelp',
    message:
      'On iPhone and iPad, notifications work only in the app added to the Home Screen. In Safari, tap Share, then “Add to Home Screen”; open the app from there and turn notifications on here.',
    comment: 'The quoted name is the menu item of the iOS share sheet in this language, as in the install steps.',
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
  lastreached: /*i18n*/ {
    id: 'lastreached',
    message: 'Alerts last reached this phone: {when}',
    comment: '{when} is a date and time. When this device last confirmed that an alert (or a practice alert) arrived.',
  },
  lastreachednever: /*i18n*/ {
    id: 'lastreachednever',
    message: 'No alert has reached this phone yet. Send yourself a practice alert to check.',
  },
  sendpracticealert: /*i18n*/ {
    id: 'sendpracticealert',
    message: 'Send me a practice alert',
    comment: 'Button: the server sends a notification to the user’s own devices, to check that alerts arrive.',
  },
  practicealertsent: /*i18n*/ {
    id: 'practicealertsent',
    message: 'Practice alert sent. It should arrive in a few seconds; tap it to see how long it took.',
  },
  notificationscheckfailed: /*i18n*/ {
    id: 'notificationscheckfailed',
    message: 'Checking notifications failed.',
  },
  quiethours: /*i18n*/ {
    id: 'quiethours',
    message: 'Quiet hours',
    comment: 'Settings: a time span every day with no alerts about new help requests.',
  },
  quiethourshint: /*i18n*/ {
    id: 'quiethourshint',
    message: 'No alerts about new requests between these times (Finnish time).',
  },
  quiethourson: /*i18n*/ {
    id: 'quiethourson',
    message: 'Use quiet hours',
    comment: 'Checkbox that turns quiet hours on or off.',
  },
  quietfrom: /*i18n*/ { id: 'quietfrom', message: 'From', comment: 'Quiet hours: the time they begin.' },
  quietuntil: /*i18n*/ { id: 'quietuntil', message: 'Until', comment: 'Quiet hours: the time they end.' },
  hourlycap: /*i18n*/ {
    id: 'hourlycap',
    message: 'Alerts about new requests',
    comment: 'Label of a choice of how many push alerts about new help requests the user gets in one hour.',
  },
  hourlycapvalue: /*i18n*/ {
    id: 'hourlycapvalue',
    message: 'At most {count} an hour',
    comment: 'An option of the alerts-per-hour choice, e.g. "At most 6 an hour".',
  },
  alwaysnotified: /*i18n*/ {
    id: 'alwaysnotified',
    message: 'News of your own request, and of the one you are helping, always comes through.',
  },
  notificationsettingssaved: /*i18n*/ {
    id: 'notificationsettingssaved',
    message: 'Notification settings saved',
  },
})
