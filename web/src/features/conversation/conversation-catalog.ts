import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The conversation between a request's owner and its helper, in the request detail (docs/product.md#conversation). */
export const conversationMessages = defineMessages({
  messages: /*i18n*/ { id: 'messages', message: 'Messages', comment: 'Heading of the conversation in a request.' },
  messagesprivate: /*i18n*/ {
    id: 'messagesprivate',
    message: 'Only the person asking for help and their helper see these messages (and the service’s admins).',
  },
  loadingmessages: /*i18n*/ { id: 'loadingmessages', message: 'Loading messages…' },
  messagesfailed: /*i18n*/ { id: 'messagesfailed', message: 'The messages could not be loaded.' },
  messagesofflinecopy: /*i18n*/ {
    id: 'messagesofflinecopy',
    message: 'You are offline — this is the offline copy of the messages, as loaded at {time}',
    comment: 'Above the messages kept on the device while there is no network; {time} is a clock time such as 14:32.',
  },
  nomessages: /*i18n*/ { id: 'nomessages', message: 'No messages yet.' },
  you: /*i18n*/ { id: 'you', message: 'You', comment: 'Author of one’s own message in the conversation.' },
  messagefield: /*i18n*/ { id: 'messagefield', message: 'Your message' },
  sendmessage: /*i18n*/ { id: 'sendmessage', message: 'Send' },
  quickreplies: /*i18n*/ {
    id: 'quickreplies',
    message: 'Quick replies',
    comment: 'Label of a row of ready-made messages sent with one tap.',
  },
  quickonmyway: /*i18n*/ {
    id: 'quickonmyway',
    message: 'On my way',
    comment: 'Quick reply. Letters, digits and . , ! ? : - only.',
  },
  quickimhere: /*i18n*/ {
    id: 'quickimhere',
    message: 'I am here',
    comment: 'Quick reply: the helper has arrived. No apostrophes.',
  },
  quicktyresize: /*i18n*/ {
    id: 'quicktyresize',
    message: 'What size is your tyre?',
    comment: 'Quick reply of the helper on a bicycle maintenance request.',
  },
  quickfoodorwater: /*i18n*/ {
    id: 'quickfoodorwater',
    message: 'Do you need water or food?',
    comment: 'Quick reply of the helper on a food and hydration request.',
  },
  quickwhereto: /*i18n*/ {
    id: 'quickwhereto',
    message: 'Where do you need to get to?',
    comment: 'Quick reply of the helper on a transportation request: where the cyclist needs a ride to.',
  },
  quickwhatneed: /*i18n*/ {
    id: 'quickwhatneed',
    message: 'What do you need?',
    comment: 'Quick reply of the helper on a request of the category "other".',
  },
  quicklocation: /*i18n*/ {
    id: 'quicklocation',
    message: 'Can you share your exact location?',
    comment: 'Quick reply.',
  },
  quickthanks: /*i18n*/ { id: 'quickthanks', message: 'Thank you!', comment: 'Quick reply.' },
  quickwhereareyou: /*i18n*/ {
    id: 'quickwhereareyou',
    message: 'Where are you now?',
    comment: 'Quick reply of the person who asked for help, to their helper.',
  },
  quickwaitinghere: /*i18n*/ {
    id: 'quickwaitinghere',
    message: 'I am waiting at the marked place',
    comment: 'Quick reply of the person who asked for help: they are at the request’s location. No apostrophes.',
  },
  readonlycompleted: /*i18n*/ {
    id: 'readonlycompleted',
    message: 'The request is completed: the messages can be read but not answered.',
  },
  readonlynohelper: /*i18n*/ {
    id: 'readonlynohelper',
    message: 'Nobody is helping with this request now: messages can be sent again when someone takes it over.',
  },
  readonlyadmin: /*i18n*/ { id: 'readonlyadmin', message: 'As an admin you can read these messages but not write.' },
})
