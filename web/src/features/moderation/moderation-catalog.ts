import type { MessageDescriptor } from '@lingui/core'
import { defineMessages } from '#shared/i18n/define-messages.ts'
import type { DecisionAction, ReportReason } from '#server/domain/moderation/rules.ts'

/** Reports and the notices of moderation decisions, as users meet them (docs/admin.md, "Moderation"). */
export const moderationMessages = defineMessages({
  reportperson: /*i18n*/ {
    id: 'reportperson',
    message: 'Report {name}',
    comment: 'Button in a request and its messages: report the other person ({name}) to the admins.',
  },
  reportedperson: /*i18n*/ {
    id: 'reportedperson',
    message: 'You reported {name}. An admin will review it.',
    comment: 'In place of the Report button once the user has reported this person on this request.',
  },
  reporttitle: /*i18n*/ { id: 'reporttitle', message: 'Report {name}', comment: 'Title of the report dialog.' },
  reportintro: /*i18n*/ {
    id: 'reportintro',
    message: 'Your report goes to the admins of Bike Help, not to {name}.',
    comment: 'The app’s name as the appname message gives it in this language.',
  },
  reportreasons: /*i18n*/ { id: 'reportreasons', message: 'What happened?' },
  reportdetails: /*i18n*/ { id: 'reportdetails', message: 'Tell more (optional)' },
  sendreport: /*i18n*/ { id: 'sendreport', message: 'Send report' },
  reportsenttitle: /*i18n*/ { id: 'reportsenttitle', message: 'Report sent' },
  reportsentnext: /*i18n*/ {
    id: 'reportsentnext',
    message: 'Thank you. An admin will review your report. You will be told the outcome here in the app.',
  },
  reportsentdanger: /*i18n*/ {
    id: 'reportsentdanger',
    message: 'If you are in danger now, call 112.',
    comment: '112 is the emergency number in Finland and the EU.',
  },
  reportok: /*i18n*/ { id: 'reportok', message: 'OK', comment: 'Closes the confirmation that a report was sent.' },

  reason_harassment: /*i18n*/ { id: 'reason_harassment', message: 'Harassment, threats or insults' },
  reason_unsafe: /*i18n*/ { id: 'reason_unsafe', message: 'I felt unsafe' },
  reason_no_show: /*i18n*/ { id: 'reason_no_show', message: 'They did not show up' },
  reason_fake: /*i18n*/ { id: 'reason_fake', message: 'A fake request or false information' },
  reason_spam: /*i18n*/ { id: 'reason_spam', message: 'Spam or advertising' },
  reason_other: /*i18n*/ { id: 'reason_other', message: 'Something else' },

  warningtitle: /*i18n*/ { id: 'warningtitle', message: 'A warning from the admins' },
  warningintro: /*i18n*/ {
    id: 'warningintro',
    message: 'An admin reviewed a report about you and decided to warn you. Their reasons:',
  },
  warningrules: /*i18n*/ {
    id: 'warningrules',
    message:
      'Please be respectful and keep what you agree with others. Another report may lead to your account being suspended.',
  },
  warningappeal: /*i18n*/ {
    id: 'warningappeal',
    message: 'If you think the decision is wrong, write to us and we will look at it again:',
  },
  warningseen: /*i18n*/ { id: 'warningseen', message: 'I understand' },
  reviewedtitle: /*i18n*/ { id: 'reviewedtitle', message: 'Your report was reviewed' },
  outcome_dismiss: /*i18n*/ {
    id: 'outcome_dismiss',
    message: 'Your report of {date} was reviewed: no action was taken.',
  },
  outcome_warn: /*i18n*/ { id: 'outcome_warn', message: 'Your report of {date} was reviewed: the person was warned.' },
  outcome_suspend: /*i18n*/ {
    id: 'outcome_suspend',
    message: 'Your report of {date} was reviewed: the account was suspended.',
  },
  outcome_ban: /*i18n*/ {
    id: 'outcome_ban',
    message: 'Your report of {date} was reviewed: the account was closed for good.',
  },
  reviewedthanks: /*i18n*/ { id: 'reviewedthanks', message: 'Thank you for helping to keep Bike Help safe.' },
})

export const reasonNames: Readonly<Record<ReportReason, MessageDescriptor>> = {
  harassment: moderationMessages.reason_harassment,
  unsafe: moderationMessages.reason_unsafe,
  no_show: moderationMessages.reason_no_show,
  fake: moderationMessages.reason_fake,
  spam: moderationMessages.reason_spam,
  other: moderationMessages.reason_other,
}

/** What the reporter is told was done: never the reasons, nothing else about the other person. */
export const outcomeTexts: Readonly<Record<DecisionAction, MessageDescriptor>> = {
  dismiss: moderationMessages.outcome_dismiss,
  warn: moderationMessages.outcome_warn,
  suspend: moderationMessages.outcome_suspend,
  ban: moderationMessages.outcome_ban,
}
