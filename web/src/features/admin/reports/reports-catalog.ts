import type { MessageDescriptor } from '@lingui/core'
import { defineMessages } from '#shared/i18n/define-messages.ts'
import type { DecisionAction } from '#server/domain/moderation/rules.ts'

/** The dashboard's reports section (docs/admin.md, "Moderation"): the queue, one report's review and the decision. */
export const reportsMessages = defineMessages({
  openreportscount: /*i18n*/ {
    id: 'openreportscount',
    message: '{count, plural, one {# open report} other {# open reports}}',
    comment: 'Admin dashboard: the badge of the Reports section, read out to screen reader users.',
  },
  reportsopen: /*i18n*/ { id: 'reportsopen', message: 'Open', comment: 'Admin reports: the undecided ones.' },
  reportsclosed: /*i18n*/ { id: 'reportsclosed', message: 'Decided', comment: 'Admin reports: the decided ones.' },
  reportsshow: /*i18n*/ { id: 'reportsshow', message: 'Show reports' },
  loadingreports: /*i18n*/ { id: 'loadingreports', message: 'Loading reports…' },
  failedtofetchreports: /*i18n*/ { id: 'failedtofetchreports', message: 'Failed to load the reports' },
  noopenreports: /*i18n*/ { id: 'noopenreports', message: 'No open reports. Nothing to decide now.' },
  noclosedreports: /*i18n*/ { id: 'noclosedreports', message: 'No report has been decided yet.' },
  reportabout: /*i18n*/ {
    id: 'reportabout',
    message: 'About {name}',
    comment: 'Admin reports: the person reported.',
  },
  reportby: /*i18n*/ { id: 'reportby', message: 'By {name}', comment: 'Admin reports: who sent the report.' },
  reportbydeleted: /*i18n*/ {
    id: 'reportbydeleted',
    message: 'By a deleted account',
    comment: 'Admin reports: the reporter has deleted their account since.',
  },
  reportsent: /*i18n*/ { id: 'reportsent', message: 'Sent {date}', comment: 'Admin reports: when it was sent.' },
  reportcounts: /*i18n*/ {
    id: 'reportcounts',
    message: '{open} open, {total} in all about {name}',
    comment: 'Admin reports: how many reports there are about the reported person.',
  },
  reviewreport: /*i18n*/ {
    id: 'reviewreport',
    message: 'Review the report about {name}',
    comment: 'Admin reports: opens one report with its request, messages, history and decision.',
  },
  reportreviewtitle: /*i18n*/ { id: 'reportreviewtitle', message: 'Report about {name}' },
  reportreason: /*i18n*/ { id: 'reportreason', message: 'Reason' },
  reportdetailsheading: /*i18n*/ { id: 'reportdetailsheading', message: 'In their words' },
  reportnodetails: /*i18n*/ { id: 'reportnodetails', message: 'No details were written.' },
  reportrequest: /*i18n*/ { id: 'reportrequest', message: 'The request' },
  reportrequestgone: /*i18n*/ {
    id: 'reportrequestgone',
    message: 'The request is no longer stored, nor its messages.',
    comment: 'Admin reports: the request was deleted (or its owner’s account), and its messages with it.',
  },
  reportowner: /*i18n*/ { id: 'reportowner', message: 'Asked by' },
  reporthelper: /*i18n*/ { id: 'reporthelper', message: 'Helper now' },
  reportmessages: /*i18n*/ { id: 'reportmessages', message: 'Messages of the request' },
  reporthistory: /*i18n*/ { id: 'reporthistory', message: 'History of {name}' },
  historyrequests: /*i18n*/ { id: 'historyrequests', message: 'Requests made' },
  historyresponses: /*i18n*/ { id: 'historyresponses', message: 'Take-overs' },
  historyreports: /*i18n*/ { id: 'historyreports', message: 'Other reports about them' },
  historynone: /*i18n*/ { id: 'historynone', message: 'None' },
  historyearlierreports: /*i18n*/ {
    id: 'historyearlierreports',
    message: 'Reports about a deleted earlier account with the same phone number',
    comment: 'Kept after that account was deleted, matched by the phone number (docs/admin.md, "Moderation").',
  },
  historyearlieraccountdeleted: /*i18n*/ {
    id: 'historyearlieraccountdeleted',
    message: 'from an earlier account deleted {date}',
  },
  historyreportsmade: /*i18n*/ {
    id: 'historyreportsmade',
    message: '{count, plural, one {They have sent # report themselves.} other {They have sent # reports themselves.}}',
  },
  historydeleted: /*i18n*/ { id: 'historydeleted', message: 'deleted', comment: 'A request the user deleted.' },
  historytest: /*i18n*/ { id: 'historytest', message: 'test', comment: 'A test request.' },
  historyresponse: /*i18n*/ {
    id: 'historyresponse',
    message: 'For {owner}, {date}',
    comment: 'Admin reports, history: a take-over of {owner}’s request on {date}.',
  },
  outcomerunning: /*i18n*/ { id: 'outcomerunning', message: 'helping now' },
  outcomereleased: /*i18n*/ { id: 'outcomereleased', message: 'released it' },
  outcomeremoved: /*i18n*/ { id: 'outcomeremoved', message: 'removed by the owner' },
  outcomecompleted: /*i18n*/ { id: 'outcomecompleted', message: 'until completed' },
  outcomedeleted: /*i18n*/ { id: 'outcomedeleted', message: 'until deleted' },
  loadinghistory: /*i18n*/ { id: 'loadinghistory', message: 'Loading the history…' },
  failedtofetchhistory: /*i18n*/ { id: 'failedtofetchhistory', message: 'Failed to load the history' },
  decision: /*i18n*/ { id: 'decision', message: 'Decision' },
  decisionactions: /*i18n*/ { id: 'decisionactions', message: 'What to do' },
  action_dismiss: /*i18n*/ { id: 'action_dismiss', message: 'Dismiss: nothing against the rules' },
  action_warn: /*i18n*/ { id: 'action_warn', message: 'Warn: they see the reasons at their next start' },
  action_suspend: /*i18n*/ {
    id: 'action_suspend',
    message: 'Suspend for some days: signed out at once, cannot log in',
  },
  action_ban: /*i18n*/ { id: 'action_ban', message: 'Ban: the account is closed for good' },
  decisiondaysfield: /*i18n*/ { id: 'decisiondaysfield', message: 'Days (1-365)' },
  decisionreasons: /*i18n*/ { id: 'decisionreasons', message: 'Statement of reasons' },
  decisionreasonshint: /*i18n*/ {
    id: 'decisionreasonshint',
    message:
      'Which rule, and what they did. The user concerned reads it (a warning in the app, a suspension or ban when logging in); the reporter never does.',
  },
  decide: /*i18n*/ { id: 'decide', message: 'Decide' },
  decidedsuccess: /*i18n*/ { id: 'decidedsuccess', message: 'Decided. The people concerned are told in the app.' },
  decided_dismiss: /*i18n*/ { id: 'decided_dismiss', message: 'Dismissed' },
  decided_warn: /*i18n*/ { id: 'decided_warn', message: 'Warned' },
  decided_suspend: /*i18n*/ {
    id: 'decided_suspend',
    message: '{days, plural, one {Suspended for # day} other {Suspended for # days}}',
  },
  decided_ban: /*i18n*/ { id: 'decided_ban', message: 'Banned' },
  decidedby: /*i18n*/ {
    id: 'decidedby',
    message: 'by {name}, {date}',
    comment: 'Admin reports: which admin decided, and when.',
  },
  decidedbydeleted: /*i18n*/ { id: 'decidedbydeleted', message: 'by a deleted admin account, {date}' },
})

export const actionNames: Readonly<Record<DecisionAction, MessageDescriptor>> = {
  dismiss: reportsMessages.action_dismiss,
  warn: reportsMessages.action_warn,
  suspend: reportsMessages.action_suspend,
  ban: reportsMessages.action_ban,
}
