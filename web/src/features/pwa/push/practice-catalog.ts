import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The practice alert (Settings → Notifications) and what its tap shows. */
export const practiceMessages = defineMessages({
  practiceresulttitle: /*i18n*/ {
    id: 'practiceresulttitle',
    message: 'Practice alert',
    comment: 'Heading of the card the app shows after the user tapped a practice alert they asked for in Settings.',
  },
  practiceresult: /*i18n*/ {
    id: 'practiceresult',
    message:
      'This alert took {reach, plural, one {# second} other {# seconds}} to reach you, and you tapped it {tap, plural, one {# second} other {# seconds}} later.',
    comment:
      '{reach}: from the server sending the practice alert to the phone showing it. {tap}: from then to the tap.',
  },
  practiceresulttotal: /*i18n*/ {
    id: 'practiceresulttotal',
    message: 'You tapped this alert {tap, plural, one {# second} other {# seconds}} after it was sent.',
    comment: 'When the phone showed the practice alert without telling the app when it arrived.',
  },
  practiceresultnote: /*i18n*/ {
    id: 'practiceresultnote',
    message: 'Alerts of help requests reach you the same way.',
  },
  practiceresultclose: /*i18n*/ { id: 'practiceresultclose', message: 'OK', comment: 'Closes the practice card.' },
})
