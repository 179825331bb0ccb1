import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The outbox on the phone and the SMS fallback (docs/outbox.md). */
export const outboxMessages = defineMessages({
  outboxwaiting: /*i18n*/ {
    id: 'outboxwaiting',
    message: 'Waiting for signal — it will be sent by itself',
    comment:
      'On a request, message or thank-you that could not be sent yet (no network): the app sends it when there is ' +
      'signal again, also after the app was closed.',
  },
  outboxsent: /*i18n*/ {
    id: 'outboxsent',
    message: 'Sent',
    comment: 'On an item of the outbox once the server has it; the real item then shows in its place.',
  },
  outboxrefused: /*i18n*/ {
    id: 'outboxrefused',
    message: 'Not sent: {reason}',
    comment: '{reason} is the server’s refusal in the user’s language, e.g. the daily limit of requests.',
  },
  outboxcancel: /*i18n*/ {
    id: 'outboxcancel',
    message: 'Cancel sending',
    comment: 'Button on an item waiting for signal: it is not sent at all.',
  },
  outboxcancelled: /*i18n*/ {
    id: 'outboxcancelled',
    message: 'Cancelled — it will not be sent',
    comment:
      'On a request, message or thank-you just after Cancel sending: deleted from the phone, with Undo for a few ' +
      'seconds.',
  },
  outboxundo: /*i18n*/ {
    id: 'outboxundo',
    message: 'Undo',
    comment: 'Button after Cancel sending: the item waits on the phone again and is sent by itself.',
  },
  outboxdismiss: /*i18n*/ {
    id: 'outboxdismiss',
    message: 'Dismiss',
    comment: 'Button on an item the server refused: removes it from the screen.',
  },
  outboxlogoutwarning: /*i18n*/ {
    id: 'outboxlogoutwarning',
    message:
      '{count, plural, one {One thing you wrote has not been sent yet.} other {# things you wrote have not been sent yet.}} Logging out deletes them from this phone.',
    comment:
      'In the log-out confirmation while requests, messages or thank-yous still wait on the phone for a network.',
  },
  outboxpendingrequest: /*i18n*/ {
    id: 'outboxpendingrequest',
    message: 'Your request, not sent yet',
    comment: 'Label of a new help request that waits on the phone for a network.',
  },
  outboxpendingmessage: /*i18n*/ {
    id: 'outboxpendingmessage',
    message: 'You, not sent yet',
    comment: 'Author line of one’s own message that waits on the phone for a network.',
  },
  outboxpendingthanks: /*i18n*/ {
    id: 'outboxpendingthanks',
    message: 'Your thank-you: “{text}”',
    comment: '{text} is the thank-you the owner wrote, waiting on the phone for a network.',
  },
  outboxofflinemessages: /*i18n*/ {
    id: 'outboxofflinemessages',
    message: 'What you write now waits on your phone and is sent by itself when there is signal.',
    comment: 'Under the offline copy of a conversation, above the message field.',
  },
  outboxofflinehint: /*i18n*/ {
    id: 'outboxofflinehint',
    message: 'You are offline. Your request is kept on your phone and sent by itself when there is signal.',
    comment: 'In the new request form while the phone has no network.',
  },
  outboxsms: /*i18n*/ {
    id: 'outboxsms',
    message: 'Send by SMS to someone you trust',
    comment: 'Link: opens the messaging app with the request (category, description, map link) in a new text message.',
  },
  outboxsmshint: /*i18n*/ {
    id: 'outboxsmshint',
    message: 'A text message may get through where data does not. You choose who gets it; the app does not send it.',
    comment: 'Under the SMS link.',
  },
  outboxsmsintro: /*i18n*/ {
    id: 'outboxsmsintro',
    message: 'I need help on my bike trip (written in Bike Help):',
    comment: 'First line of the text message a user sends to someone they trust. Bike Help: the appname message.',
  },
  outboxsmsfollow: /*i18n*/ {
    id: 'outboxsmsfollow',
    message: 'Follow it here:',
    comment: 'In the text message, before the request’s share link.',
  },
})
