import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The waiting owner's progress block (docs/product.md#progress-while-waiting): counts only, never who. */
export const progressMessages = defineMessages({
  progressheading: /*i18n*/ {
    id: 'progressheading',
    message: 'Finding a helper',
    comment: 'Heading of the block in the owner’s request detail that tells how the search for a helper goes.',
  },
  progressalerted: /*i18n*/ {
    id: 'progressalerted',
    message: '{count, plural, =0 {No helpers alerted yet} one {# helper alerted} other {# helpers alerted}}',
    comment: 'How many nearby helpers got a push notification about the owner’s request.',
  },
  progressnobodyinreach: /*i18n*/ {
    id: 'progressnobodyinreach',
    message: 'No helpers within reach yet',
    comment:
      'Instead of the alerted count, once an alert round found nobody near the request whose settings reach it. ' +
      'Later rounds may still find someone.',
  },
  progressnoonenew: /*i18n*/ {
    id: 'progressnoonenew',
    message: 'No one new to alert right now',
    comment:
      'Under "3 helpers alerted", when the latest alert round (often one the owner asked for) found nobody ' +
      'who had not been alerted already.',
  },
  progressotherways: /*i18n*/ {
    id: 'progressotherways',
    message: 'Meanwhile, other ways to get help:',
    comment:
      'Lead-in before the nearest open services, "Send by SMS to someone you trust" and the 112 line, shown when ' +
      'no helpers are within reach.',
  },
  progressreached: /*i18n*/ {
    id: 'progressreached',
    message: '{count, plural, one {# reached} other {# reached}}',
    comment:
      'How many of the alerted helpers’ phones confirmed that the alert arrived, after the alerted count: ' +
      '"12 helpers alerted · 9 reached · 3 opened it".',
  },
  progressopened: /*i18n*/ {
    id: 'progressopened',
    message: '{count, plural, one {# opened it} other {# opened it}}',
    comment: 'How many people opened the owner’s request, after the alerted count: "12 helpers alerted · 3 opened it".',
  },
  fittingrepairkit: /*i18n*/ {
    id: 'fittingrepairkit',
    message: '{fitting, plural, one {# with tools or spares} other {# with tools or spares}}',
    comment:
      'After "5 helpers alerted ·", how many of them carry a pump, spares or tools, e.g. "3 with tools or spares".',
  },
  fittingvehicle: /*i18n*/ {
    id: 'fittingvehicle',
    message: '{fitting, plural, one {# with a vehicle} other {# with a vehicle}}',
    comment: 'After "5 helpers alerted", how many of them have a car, van or cargo bike, e.g. "3 with a vehicle".',
  },
  progressnextround: /*i18n*/ {
    id: 'progressnextround',
    message: 'Next alert round {when}',
    comment: '{when} is a relative time such as "in 4 minutes". An alert round pushes the next nearest helpers.',
  },
  progressnextroundsoon: /*i18n*/ { id: 'progressnextroundsoon', message: 'Next alert round in less than a minute' },
  progressalertingnow: /*i18n*/ { id: 'progressalertingnow', message: 'Alerting helpers now…' },
  progressnomorerounds: /*i18n*/ {
    id: 'progressnomorerounds',
    message: 'No more alert rounds. Helpers nearby still see your request in their list.',
  },
  alertmore: /*i18n*/ { id: 'alertmore', message: 'Alert more helpers now' },
  alertmorewait: /*i18n*/ {
    id: 'alertmorewait',
    message: 'You can alert more helpers again {when}.',
    comment: '{when} is a relative time such as "in 2 minutes". Beside the disabled button.',
  },
  alertmorewaitsoon: /*i18n*/ {
    id: 'alertmorewaitsoon',
    message: 'You can alert more helpers again in less than a minute.',
  },
  alertmoresent: /*i18n*/ { id: 'alertmoresent', message: 'More helpers are being alerted.' },
  progressloading: /*i18n*/ { id: 'progressloading', message: 'Loading how the search goes…' },
  progressfailed: /*i18n*/ { id: 'progressfailed', message: 'Could not load how many helpers were alerted.' },
  progressoffline: /*i18n*/ {
    id: 'progressoffline',
    message: 'You are offline. The counts update when you are back online.',
  },
})
