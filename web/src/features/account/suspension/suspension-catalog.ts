import { defineMessages } from '#shared/i18n/define-messages.ts'

/**
 * What a suspended or banned user is told when the app signs them out or a login is refused (docs/accounts.md,
 * "Suspension and ban"): the decision, its end, the administrator's reason as written, and how to appeal.
 */
export const suspensionMessages = defineMessages({
  suspendedtitle: /*i18n*/ {
    id: 'suspendedtitle',
    message: 'Your account is suspended',
    comment: 'An administrator suspended the account for a while after a report; logins are refused until then.',
  },
  suspendeduntil: /*i18n*/ {
    id: 'suspendeduntil',
    message: 'You can use Bike Help again from {date}.',
    comment: 'The end of the suspension as a local date and time, e.g. "8 Dec 2026, 12:00".',
  },
  bannedtitle: /*i18n*/ {
    id: 'bannedtitle',
    message: 'Your account is banned',
    comment: 'An administrator closed the account for good after a report (until an administrator lifts it).',
  },
  bannedtext: /*i18n*/ {
    id: 'bannedtext',
    message: 'You can no longer use Bike Help with this account.',
  },
  refusalreason: /*i18n*/ {
    id: 'refusalreason',
    message: 'Reason given by the administrator:',
    comment: 'Followed by the administrator’s own words, in the language they wrote them.',
  },
  refusalappeal: /*i18n*/ {
    id: 'refusalappeal',
    message:
      'If you think the decision is wrong, you can appeal it by email. Tell us your user name and why the decision should change:',
  },
})
