import { defineMessages } from '#shared/i18n/define-messages.ts'

/**
 * The few texts of messages, thanks and "on my way" that the request list shows (card badges, the helper's notice).
 * The rest of those features lives in the request detail, a chunk of its own: keeping these apart keeps the detail's
 * texts out of the first screen's download (bench/chunks.ts).
 */
export const listBadgeMessages = defineMessages({
  thanksfrom: /*i18n*/ {
    id: 'thanksfrom',
    message: 'Thank you from {name}: {text}',
    comment: 'What the helper sees: the owner’s name and their words.',
  },
  unreadmessages: /*i18n*/ {
    id: 'unreadmessages',
    message: '{count, plural, one {# unread message} other {# unread messages}}',
    comment: 'The badge on a request card and in its detail.',
  },
  sharinglocation: /*i18n*/ {
    id: 'sharinglocation',
    message: 'Sharing location',
    comment: 'Short badge on the helper’s request card while their live location is shared.',
  },
})
