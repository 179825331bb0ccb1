import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The card offering alerts right after registering. */
export const alertsOfferMessages = defineMessages({
  alertsoffertitle: /*i18n*/ {
    id: 'alertsoffertitle',
    message: 'Get alerts when a cyclist nearby needs help?',
    comment: 'Card on the main screen right after registering.',
  },
  alertsoffernotnow: /*i18n*/ {
    id: 'alertsoffernotnow',
    message: 'Not now',
    comment: 'Closes the alerts card; notifications can still be turned on in the settings.',
  },
  alertsofferok: /*i18n*/ { id: 'alertsofferok', message: 'OK', comment: 'Closes the alerts card.' },
})
