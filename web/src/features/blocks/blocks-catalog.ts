import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of blocks (docs/safety.md, "Blocks"): in the request detail and in the settings. */
export const blockMessages = defineMessages({
  blockperson: /*i18n*/ {
    id: 'blockperson',
    message: 'Block {name}',
    comment:
      'A button in a help request: block the person who asked for help, or the helper. {name} is their user name.',
  },
  blockquestion: /*i18n*/ {
    id: 'blockquestion',
    message: 'Block {name}?',
    comment: 'Title of the confirmation before blocking someone.',
  },
  blockexplained: /*i18n*/ {
    id: 'blockexplained',
    message:
      'You will not see each other’s help requests, and neither of you can help the other or send messages. If {name} is helping you now, or you are helping them, that ends. {name} is not told.',
    comment: 'What a block does, in the confirmation before blocking.',
  },
  blockreporthint: /*i18n*/ {
    id: 'blockreporthint',
    message: 'If they behaved badly, report them too: an administrator can then act.',
    comment: 'Under the block explanation: blocking protects you, reporting lets the admins protect others.',
  },
  blockconfirm: /*i18n*/ { id: 'blockconfirm', message: 'Block', comment: 'The confirm button of blocking.' },
  blockdone: /*i18n*/ {
    id: 'blockdone',
    message: '{name} is blocked. You can lift the block in Settings, under Blocked people.',
    comment: 'Shown after blocking someone.',
  },
  blockedpeople: /*i18n*/ {
    id: 'blockedpeople',
    message: 'Blocked people',
    comment: 'A settings section: the people the user has blocked.',
  },
  noblockedpeople: /*i18n*/ {
    id: 'noblockedpeople',
    message: 'You have not blocked anyone.',
    comment: 'The empty "Blocked people" settings section.',
  },
  blockedsince: /*i18n*/ {
    id: 'blockedsince',
    message: 'Blocked on {date}',
    comment: 'Under a blocked person’s name in the settings. {date} is a date.',
  },
  unblock: /*i18n*/ {
    id: 'unblock',
    message: 'Lift the block',
    comment: 'A button next to a blocked person in the settings.',
  },
  unblocklabel: /*i18n*/ {
    id: 'unblocklabel',
    message: 'Lift the block on {name}',
    comment: 'The accessible name of the "Lift the block" button, with the person’s user name.',
  },
  unblocked: /*i18n*/ {
    id: 'unblocked',
    message: 'The block on {name} was lifted.',
    comment: 'Said after lifting a block.',
  },
  loadingblocks: /*i18n*/ { id: 'loadingblocks', message: 'Loading blocked people…' },
  blocksfailed: /*i18n*/ {
    id: 'blocksfailed',
    message: 'The blocked people could not be loaded.',
    comment: 'The settings section failed to load, e.g. offline.',
  },
})
