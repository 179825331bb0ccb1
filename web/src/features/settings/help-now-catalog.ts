import { defineMessages } from '../../shared/i18n/define-messages.ts'

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
})
