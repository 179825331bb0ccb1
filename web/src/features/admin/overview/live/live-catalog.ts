import type { MessageDescriptor } from '@lingui/core'
import { defineMessages } from '#shared/i18n/define-messages.ts'
import type { Period, SortOrder, TestChoice } from './live-filters.ts'

/** The overview's live map and list of all requests. */
export const liveMessages = defineMessages({
  adminownersuspended: /*i18n*/ {
    id: 'adminownersuspended',
    message: 'Owner suspended: hidden from users',
    comment: 'Admin dashboard: tag on an open request whose owner is suspended or banned, so only admins see it.',
  },
  adminallrequests: /*i18n*/ {
    id: 'adminallrequests',
    message: 'All requests',
    comment: 'Admin dashboard: heading of the live map and list of every help request.',
  },
  adminnewtestrequest: /*i18n*/ {
    id: 'adminnewtestrequest',
    message: 'New test request',
    comment: 'Admin dashboard button: opens the new-request form with its test checkbox ticked.',
  },
  adminfilters: /*i18n*/ {
    id: 'adminfilters',
    message: 'Filters and order',
    comment: 'Screen-reader name of the group of filters above the list of all requests.',
  },
  adminallstatuses: /*i18n*/ { id: 'adminallstatuses', message: 'All statuses', comment: 'Status filter: no filter.' },
  adminallrequestcategories: /*i18n*/ {
    id: 'adminallrequestcategories',
    message: 'All categories',
    comment: 'Request category filter: no filter.',
  },
  admintestfilter: /*i18n*/ {
    id: 'admintestfilter',
    message: 'Test or real',
    comment: 'Filter label: show test requests, real ones, or both.',
  },
  adminperiod: /*i18n*/ {
    id: 'adminperiod',
    message: 'Created',
    comment: 'Filter label: when the request was made (today, last 24 hours, ...).',
  },
  adminsort: /*i18n*/ { id: 'adminsort', message: 'Order', comment: 'Label of the list’s sort order.' },
  adminshown: /*i18n*/ {
    id: 'adminshown',
    message: '{count, plural, one {# request shown} other {# requests shown}}',
    comment: 'How many requests pass the filters (on the map and in the list).',
  },
  adminnolocation: /*i18n*/ {
    id: 'adminnolocation',
    message:
      '{count, plural, one {# of them has no location and is only in the list.} other {# of them have no location and are only in the list.}}',
    comment: 'Below the map: shown requests that cannot be drawn on it.',
  },
  adminnorequests: /*i18n*/ {
    id: 'adminnorequests',
    message: 'No requests yet.',
    comment: 'The list of all requests is empty (none made in the history period).',
  },
  adminnomatches: /*i18n*/ {
    id: 'adminnomatches',
    message: 'No requests match these filters.',
  },
  adminrequestsmap: /*i18n*/ { id: 'adminrequestsmap', message: 'Map of all requests' },
  adminlegendtest: /*i18n*/ {
    id: 'adminlegendtest',
    message: 'Test request (dashed edge)',
    comment: 'Map legend: test requests are drawn with a dashed edge.',
  },
  adminannouncenew: /*i18n*/ {
    id: 'adminannouncenew',
    message: 'New request: {category}, {name}',
    comment: 'Read by screen readers when a request arrives live: its category and who asked.',
  },
  adminannouncestatus: /*i18n*/ {
    id: 'adminannouncestatus',
    message: '{category}, {name}: now {status}',
    comment: 'Read by screen readers when a request’s status changes live, e.g. “Other, Anna: now In progress”.',
  },
})

export const periodNames = {
  today: /*i18n*/ { id: 'adminperiodtoday', message: 'Today' },
  day: /*i18n*/ { id: 'adminperiodday', message: 'Last 24 hours' },
  week: /*i18n*/ { id: 'adminperiodweek', message: 'Last 7 days' },
  all: /*i18n*/ { id: 'adminperiodall', message: 'All loaded', comment: 'Every request the dashboard holds.' },
} as const satisfies Record<Period, MessageDescriptor>

export const testChoiceNames = {
  all: /*i18n*/ { id: 'admintestall', message: 'Test and real' },
  real: /*i18n*/ { id: 'admintestreal', message: 'Real only' },
  test: /*i18n*/ { id: 'admintestonly', message: 'Test only' },
} as const satisfies Record<TestChoice, MessageDescriptor>

export const sortNames = {
  newest: /*i18n*/ { id: 'adminsortnewest', message: 'Newest first' },
  oldest: /*i18n*/ { id: 'adminsortoldest', message: 'Oldest first' },
  status: /*i18n*/ {
    id: 'adminsortstatus',
    message: 'By status',
    comment: 'New first, then in progress, then completed.',
  },
} as const satisfies Record<SortOrder, MessageDescriptor>
