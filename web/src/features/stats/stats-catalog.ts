import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the public figures page (/stats, docs/product.md#public-figures). */
export const statsMessages = defineMessages({
  stats_title: /*i18n*/ { id: 'stats_title', message: 'Help in figures' },
  stats_intro: /*i18n*/ {
    id: 'stats_intro',
    message: 'How cyclists have helped each other through the app in the last {days} days.',
  },
  stats_loading: /*i18n*/ { id: 'stats_loading', message: 'Loading the figures…' },
  stats_failed: /*i18n*/ { id: 'stats_failed', message: 'The figures could not be loaded.' },
  stats_retry: /*i18n*/ { id: 'stats_retry', message: 'Try again' },
  stats_offline: /*i18n*/ {
    id: 'stats_offline',
    message: 'You are offline. The figures load when the connection is back.',
  },
  stats_offlinestale: /*i18n*/ {
    id: 'stats_offlinestale',
    message: 'You are offline: these are the figures last loaded.',
  },
  stats_requests: /*i18n*/ {
    id: 'stats_requests',
    message:
      '{count, plural, =0 {In the last {days} days, nobody has asked for help yet.} one {In the last {days} days, # help request was made.} other {In the last {days} days, # help requests were made.}}',
  },
  stats_helped: /*i18n*/ {
    id: 'stats_helped',
    message: '{count} of them got help ({share}).',
    comment: '{share} is a percentage, e.g. "83%".',
  },
  stats_tohelper: /*i18n*/ {
    id: 'stats_tohelper',
    message: 'Half of the requests that found a helper had one within {duration}.',
    comment: '{duration} is a written-out time, e.g. "6 minutes", "1.5 hours".',
  },
  stats_tocompletion: /*i18n*/ {
    id: 'stats_tocompletion',
    message: 'Half of the completed requests were marked ready within {duration} of being made.',
    comment: '{duration} is a written-out time, e.g. "48 minutes", "2 hours".',
  },
  stats_toofew: /*i18n*/ {
    id: 'stats_toofew',
    message:
      'That is fewer than {min}, so no other figures are shown yet: with so few requests, a figure could tell how one person’s request went.',
  },
  stats_categoriesheading: /*i18n*/ { id: 'stats_categoriesheading', message: 'By kind of help' },
  stats_categoryrequests: /*i18n*/ {
    id: 'stats_categoryrequests',
    message: '{count, plural, one {# request} other {# requests}}',
  },
  stats_categoryhelped: /*i18n*/ { id: 'stats_categoryhelped', message: '{count} got help' },
  stats_categorytohelper: /*i18n*/ {
    id: 'stats_categorytohelper',
    message: 'half had a helper within {duration}',
    comment: 'Part of a line about one category of requests; {duration} e.g. "6 minutes".',
  },
  stats_categoryhidden: /*i18n*/ {
    id: 'stats_categoryhidden',
    message: 'other figures not shown',
    comment: 'Part of a line about one category: its other figures are hidden to protect privacy (explained below).',
  },
  stats_chartheading: /*i18n*/ { id: 'stats_chartheading', message: 'Requests per day' },
  stats_chartrequests: /*i18n*/ { id: 'stats_chartrequests', message: 'Requests' },
  stats_charthelped: /*i18n*/ { id: 'stats_charthelped', message: 'Got help' },
  stats_chartday: /*i18n*/ { id: 'stats_chartday', message: 'Day' },
  stats_chartsummary: /*i18n*/ {
    id: 'stats_chartsummary',
    message:
      'Bar chart of the help requests made on each of the last {days} days, at most {max} on one day. The same numbers are in the table that follows.',
  },
  stats_chartnote: /*i18n*/ {
    id: 'stats_chartnote',
    message: 'How many got help is shown only for days with at least {min} requests.',
  },
  stats_notshown: /*i18n*/ {
    id: 'stats_notshown',
    message: 'not shown',
    comment: 'A cell of the chart’s table whose figure is hidden to protect privacy.',
  },
  stats_meaningheading: /*i18n*/ { id: 'stats_meaningheading', message: 'What the figures mean' },
  stats_meaningwindow: /*i18n*/ {
    id: 'stats_meaningwindow',
    message:
      'The figures count the help requests made in the app over the last {days} days, today included. Test requests and deleted requests are not counted. They are updated every few minutes.',
  },
  stats_meaninghelped: /*i18n*/ {
    id: 'stats_meaninghelped',
    message:
      '“Got help” means that the person who asked marked the request ready and said they received help. A request that is still open may yet get help.',
  },
  stats_meaningtimes: /*i18n*/ {
    id: 'stats_meaningtimes',
    message:
      'The times are medians: half of the requests were quicker, half slower. The time to a helper runs from the request to the moment someone first took it over; the time to completion, to the moment it was marked ready.',
  },
  stats_meaningprivacy: /*i18n*/ {
    id: 'stats_meaningprivacy',
    message:
      'A figure drawn from fewer than {min} requests is not shown, nor one from which such a figure could be worked out. With so few, someone who knows about one request could tell how it went. The figures are only counts and times: never names, places or anything else about who asked or who helped.',
  },
})
