import { defineMessages } from '#shared/i18n/define-messages.ts'

/**
 * The dashboard's figures: the cards and the 30-day chart. Ids share a prefix so the catalogs keep them together.
 * "Real" requests: test requests and deleted ones are never counted.
 */
export const figuresMessages = defineMessages({
  figures_title: /*i18n*/ { id: 'figures_title', message: 'Figures', comment: 'Admin dashboard: heading.' },
  figures_updated: /*i18n*/ {
    id: 'figures_updated',
    message: 'Updated {time}',
    comment: 'Admin dashboard: when the figures were last loaded; {time} is a clock time such as 14:32:05.',
  },
  figures_loading: /*i18n*/ { id: 'figures_loading', message: 'Loading figures…' },
  figures_failed: /*i18n*/ {
    id: 'figures_failed',
    message: 'The figures could not be loaded.',
    comment: 'Admin dashboard: the first load failed, nothing to show.',
  },
  figures_stale: /*i18n*/ {
    id: 'figures_stale',
    message: 'Updating the figures failed. They may be out of date: last loaded at {time}.',
    comment: 'Admin dashboard: a refresh failed, the previous figures are still shown; {time} e.g. 14:32:05.',
  },

  figures_requests: /*i18n*/ {
    id: 'figures_requests',
    message: 'Requests',
    comment: 'Admin dashboard: heading of the request figures (test requests not counted).',
  },
  figures_createdtoday: /*i18n*/ { id: 'figures_createdtoday', message: 'Created today' },
  figures_newnow: /*i18n*/ {
    id: 'figures_newnow',
    message: 'New now',
    comment: 'Admin dashboard: requests in status "New" at this moment.',
  },
  figures_inprogressnow: /*i18n*/ {
    id: 'figures_inprogressnow',
    message: 'In progress now',
    comment: 'Admin dashboard: requests in status "In progress" at this moment.',
  },
  figures_completedtoday: /*i18n*/ { id: 'figures_completedtoday', message: 'Completed today' },
  figures_completed30d: /*i18n*/ { id: 'figures_completed30d', message: 'Completed in 30 days' },
  figures_gothelp30d: /*i18n*/ {
    id: 'figures_gothelp30d',
    message: 'Got help in 30 days',
    comment: 'Admin dashboard: requests completed in the last 30 days whose owner said they got help.',
  },
  figures_shareofcompleted: /*i18n*/ {
    id: 'figures_shareofcompleted',
    message: '{share} of completed',
    comment: 'Admin dashboard, under "Got help in 30 days": {share} is a percentage such as 87 %.',
  },

  figures_times: /*i18n*/ {
    id: 'figures_times',
    message: 'Response times (median, 30 days)',
    comment: 'Admin dashboard: heading of the two median times over the requests completed in the last 30 days.',
  },
  figures_tohelper: /*i18n*/ {
    id: 'figures_tohelper',
    message: 'Until someone takes it over',
    comment: 'Admin dashboard: median time from a request being created to its first take-over by a helper.',
  },
  figures_tocompletion: /*i18n*/ {
    id: 'figures_tocompletion',
    message: 'Until completed',
    comment: 'Admin dashboard: median time from a request being created to its completion.',
  },
  figures_novalue: /*i18n*/ {
    id: 'figures_novalue',
    message: 'Nothing completed in 30 days',
    comment: 'Admin dashboard: screen-reader text for a median shown as a dash, as there is nothing to measure.',
  },

  figures_users: /*i18n*/ { id: 'figures_users', message: 'Users', comment: 'Admin dashboard: heading.' },
  figures_userstotal: /*i18n*/ {
    id: 'figures_userstotal',
    message: 'Registered',
    comment: 'Admin dashboard: all registered users.',
  },
  figures_usersnewtoday: /*i18n*/ {
    id: 'figures_usersnewtoday',
    message: 'New today',
    comment: 'Admin dashboard: users who registered today.',
  },
  figures_userslocated: /*i18n*/ {
    id: 'figures_userslocated',
    message: 'With a location',
    comment: 'Admin dashboard: users who have saved a location.',
  },
  figures_userspush: /*i18n*/ {
    id: 'figures_userspush',
    message: 'Notifications on',
    comment: 'Admin dashboard: users with push notifications turned on on at least one device.',
  },

  figures_live: /*i18n*/ {
    id: 'figures_live',
    message: 'Connected now',
    comment: 'Admin dashboard: heading of the figures about apps open and connected to the server right now.',
  },
  figures_liveclients: /*i18n*/ {
    id: 'figures_liveclients',
    message: 'Open apps',
    comment: 'Admin dashboard: logged-in app windows connected for live updates now (one user may have several).',
  },
  figures_liveusers: /*i18n*/ {
    id: 'figures_liveusers',
    message: 'Users online',
    comment: 'Admin dashboard: distinct logged-in users with the app open now.',
  },

  figures_chart: /*i18n*/ {
    id: 'figures_chart',
    message: 'Requests per day, last 30 days',
    comment: 'Admin dashboard: heading of the bar chart.',
  },
  figures_chartcreated: /*i18n*/ {
    id: 'figures_chartcreated',
    message: 'Created',
    comment: 'Admin dashboard chart: legend and table column, requests created that day.',
  },
  figures_chartwithhelp: /*i18n*/ {
    id: 'figures_chartwithhelp',
    message: 'Completed, got help',
    comment: 'Admin dashboard chart: legend and table column, requests completed that day whose owner got help.',
  },
  figures_chartwithouthelp: /*i18n*/ {
    id: 'figures_chartwithouthelp',
    message: 'Completed without help',
    comment: 'Admin dashboard chart: legend and table column.',
  },
  figures_chartday: /*i18n*/ { id: 'figures_chartday', message: 'Day', comment: 'Admin dashboard chart: column.' },
  figures_chartsummary: /*i18n*/ {
    id: 'figures_chartsummary',
    message:
      'Bar chart of requests per day over the last 30 days: {created} created, {withHelp} completed with help, {withoutHelp} completed without help. The numbers of each day are in the table below.',
    comment: 'Admin dashboard chart: what a screen reader says for the chart.',
  },
  figures_chartdaytitle: /*i18n*/ {
    id: 'figures_chartdaytitle',
    message: '{day}: {created} created, {withHelp} completed with help, {withoutHelp} without',
    comment: 'Admin dashboard chart: tooltip of one day’s bars; {day} e.g. "Tue, November 3".',
  },
  figures_chartempty: /*i18n*/ {
    id: 'figures_chartempty',
    message: 'No requests in the last 30 days.',
    comment: 'Admin dashboard chart: nothing to draw (test requests are not counted).',
  },
})
