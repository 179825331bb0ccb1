import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Thanks and trust (docs/product.md#thanks-and-helped-counts): the owner's thank-you and the helped counts. */
export const thanksMessages = defineMessages({
  thankshelper: /*i18n*/ {
    id: 'thankshelper',
    message: 'Thank your helper',
    comment: 'Heading of the step after marking a request ready with help received.',
  },
  thanksintro: /*i18n*/ {
    id: 'thanksintro',
    message: 'Send {name} a few words of thanks. They see it in the app.',
  },
  thanksintrononame: /*i18n*/ {
    id: 'thanksintrononame',
    message: 'Send your helper a few words of thanks. They see it in the app.',
  },
  quickthankyou: /*i18n*/ {
    id: 'quickthankyou',
    message: 'Thank you so much!',
    comment: 'Quick thank-you. Letters, digits and . , ! ? : - only (no apostrophes).',
  },
  quicksavedmyday: /*i18n*/ {
    id: 'quicksavedmyday',
    message: 'You saved my day!',
    comment: 'Quick thank-you. Letters, digits and . , ! ? : - only (no apostrophes).',
  },
  quickgreathelp: /*i18n*/ {
    id: 'quickgreathelp',
    message: 'Thanks for the great help!',
    comment: 'Quick thank-you. Letters, digits and . , ! ? : - only (no apostrophes).',
  },
  quickthanksreplies: /*i18n*/ { id: 'quickthanksreplies', message: 'Quick thank-yous' },
  thanksfield: /*i18n*/ { id: 'thanksfield', message: 'Your own words' },
  thankscounter: /*i18n*/ {
    id: 'thankscounter',
    message: '{count}/200',
    comment: 'Characters used of a thank-you’s 200.',
  },
  sendthanks: /*i18n*/ { id: 'sendthanks', message: 'Send thanks' },
  skipthanks: /*i18n*/ { id: 'skipthanks', message: 'Skip' },
  yourthanks: /*i18n*/ { id: 'yourthanks', message: 'Your thank-you: {text}' },
  thanks: /*i18n*/ { id: 'thanks', message: 'Thanks', comment: 'Heading of the thank-you in a request’s detail.' },
  hashelped: /*i18n*/ {
    id: 'hashelped',
    message: '{count, plural, =0 {Has not helped anyone yet} one {Has helped # cyclist} other {Has helped # cyclists}}',
    comment: 'Next to a helper’s name. Counts only, never a rating.',
  },
  youhavehelped: /*i18n*/ {
    id: 'youhavehelped',
    message:
      '{count, plural, =0 {You have not helped anyone yet} one {You have helped # cyclist} other {You have helped # cyclists}}',
    comment: 'In the settings: distinct people whose request was marked “help received” with the user as helper.',
  },
  thanksfailed: /*i18n*/ { id: 'thanksfailed', message: 'The thanks could not be loaded.' },
  helpedcountfailed: /*i18n*/ { id: 'helpedcountfailed', message: 'Your helped count could not be loaded.' },
  loadinghelped: /*i18n*/ { id: 'loadinghelped', message: 'Loading your helped count…' },
})
