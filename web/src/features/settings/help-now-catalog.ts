import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the "I can help now" switch (docs/product.md#live-updates-and-push), in the settings and the requests tab. */
export const helpNowMessages = defineMessages({
  helpnow: /*i18n*/ {
    id: 'helpnow',
    message: 'I can help now',
    comment: 'A switch: on, the user is alerted when someone nearby needs help; off, not.',
  },
  helpnowoff: /*i18n*/ {
    id: 'helpnowoff',
    message: 'You get no alerts about new requests',
    comment: 'Shown under the "I can help now" switch while it is off.',
  },
  helpnowinfo: /*i18n*/ {
    id: 'helpnowinfo',
    message: 'Turn this off when you cannot help: you still see the requests and can take one over yourself.',
    comment: 'A hint in the settings under the "I can help now" switch.',
  },
  helpnowperiod: /*i18n*/ {
    id: 'helpnowperiod',
    message: 'For how long',
    comment: 'Label of a choice under "I can help now" while it is on: until turned off, 1 h, 3 h or today.',
  },
  helpnowalways: /*i18n*/ { id: 'helpnowalways', message: 'Until I turn it off' },
  helpnow1h: /*i18n*/ { id: 'helpnow1h', message: 'For 1 hour' },
  helpnow3h: /*i18n*/ { id: 'helpnow3h', message: 'For 3 hours' },
  helpnowtoday: /*i18n*/ { id: 'helpnowtoday', message: 'For the rest of today' },
  helpnowuntil: /*i18n*/ {
    id: 'helpnowuntil',
    message: 'On until {time}',
    comment: '"I can help now" is on for a chosen time; {time} is when it goes off, e.g. 15:30.',
  },
  helpnowuntilmidnight: /*i18n*/ { id: 'helpnowuntilmidnight', message: 'On until midnight' },
})
