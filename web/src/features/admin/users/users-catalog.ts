import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The dashboard's users section: the search, the user cards, the phone on demand and the admin role. */
export const usersMessages = defineMessages({
  searchusers: /*i18n*/ {
    id: 'searchusers',
    message: 'Search by user name',
    comment: 'Admin dashboard, users: label of the search field.',
  },
  usersfound: /*i18n*/ {
    id: 'usersfound',
    message: '{count, plural, one {# user} other {# users}}',
    comment: 'Admin dashboard, users: how many users match the search (read out to screen reader users).',
  },
  usersshown: /*i18n*/ {
    id: 'usersshown',
    message: 'Showing {shown} of {total}',
    comment: 'Admin dashboard, users: the list shows the first users of all that match.',
  },
  nousersmatch: /*i18n*/ { id: 'nousersmatch', message: 'No users match' },
  loadingusers: /*i18n*/ { id: 'loadingusers', message: 'Loading users…' },
  failedtofetchusers: /*i18n*/ { id: 'failedtofetchusers', message: 'Failed to load the users' },
  showmoreusers: /*i18n*/ {
    id: 'showmoreusers',
    message: 'Show more users',
    comment: 'Admin dashboard, users: loads the next 50 users of the list.',
  },
  userregistered: /*i18n*/ {
    id: 'userregistered',
    message: 'Registered {date}',
    comment: 'Admin dashboard, users: when the user created the account, e.g. "Registered 4 May 2026".',
  },
  userrequestsmade: /*i18n*/ {
    id: 'userrequestsmade',
    message: 'Requests made',
    comment: 'Admin dashboard, users: label of the number of help requests the user has created.',
  },
  userrequestshelped: /*i18n*/ {
    id: 'userrequestshelped',
    message: 'Requests taken over',
    comment:
      'Admin dashboard, users: requests the user is helping with now or was the helper of when completed (with or ' +
      'without help received).',
  },
  usercyclistshelped: /*i18n*/ {
    id: 'usercyclistshelped',
    message: 'Cyclists helped',
    comment:
      'Admin dashboard, users: different cyclists who said they got help from this user; the same number the user ' +
      'sees as “You have helped N cyclists”.',
  },
  userreachreveals: /*i18n*/ {
    id: 'userreachreveals',
    message: 'Phone numbers by nearness',
    comment:
      'Admin dashboard, users: label of how many requests’ phone numbers the user got for being near them (not as ' +
      'the requester or the helper); a daily maximum applies.',
  },
  userreachrevealscount: /*i18n*/ {
    id: 'userreachrevealscount',
    message: '{today} today, {days30} in 30 days',
    comment: 'Admin dashboard, users: the value after “Phone numbers by nearness”, e.g. “3 today, 12 in 30 days”.',
  },
  userletgos: /*i18n*/ {
    id: 'userletgos',
    message: 'Take-overs let go, 30 days',
    comment:
      'Admin dashboard, users: label of how many requests the user took over and then released (or was removed ' +
      'from by the owner) within 30 minutes, in the last 30 days; 3 in a day pause their take-overs.',
  },
  adminbadge: /*i18n*/ {
    id: 'adminbadge',
    message: 'Admin',
    comment: 'Admin dashboard, users: badge on a user who is an administrator.',
  },
  thisisyou: /*i18n*/ {
    id: 'thisisyou',
    message: 'You',
    comment: 'Admin dashboard, users: shown on the admin’s own card instead of the role button.',
  },
  showphone: /*i18n*/ { id: 'showphone', message: 'Show phone number' },
  showphonefor: /*i18n*/ {
    id: 'showphonefor',
    message: 'Show phone number: {name}',
    comment: 'Screen reader name of the "Show phone number" button on the card of user {name}.',
  },
  phonelooklogged: /*i18n*/ {
    id: 'phonelooklogged',
    message: 'Each look at a phone number is recorded.',
    comment: 'Admin dashboard, users: note that showing a user’s phone number is logged for data protection.',
  },
  makeadmin: /*i18n*/ { id: 'makeadmin', message: 'Make admin' },
  removeadmin: /*i18n*/ { id: 'removeadmin', message: 'Remove admin' },
  makeadminof: /*i18n*/ {
    id: 'makeadminof',
    message: 'Make admin: {name}',
    comment: 'Screen reader name of the "Make admin" button on the card of user {name}.',
  },
  removeadminof: /*i18n*/ {
    id: 'removeadminof',
    message: 'Remove admin: {name}',
    comment: 'Screen reader name of the "Remove admin" button on the card of user {name}.',
  },
  makeadmintitle: /*i18n*/ { id: 'makeadmintitle', message: 'Make {name} an admin?' },
  makeadminbody: /*i18n*/ {
    id: 'makeadminbody',
    message:
      '{name} will see the admin dashboard and all requests, including test requests, and can delete any request, manage services and users, and see phone numbers.',
  },
  removeadmintitle: /*i18n*/ { id: 'removeadmintitle', message: 'Remove the admin role from {name}?' },
  removeadminbody: /*i18n*/ {
    id: 'removeadminbody',
    message: '{name} will lose access to the admin dashboard at once and use the app as any other user.',
  },
  usersuspended: /*i18n*/ {
    id: 'usersuspended',
    message: 'Suspended until {date}: {reason}',
    comment:
      'Admin dashboard, users: the user cannot log in until {date}, and their open requests are hidden; {reason} ' +
      'is the statement of reasons as the deciding admin wrote it.',
  },
  userbanned: /*i18n*/ {
    id: 'userbanned',
    message: 'Banned: {reason}',
    comment: 'Admin dashboard, users: the user cannot log in until an admin lifts the ban; {reason} as written.',
  },
  liftsuspension: /*i18n*/ {
    id: 'liftsuspension',
    message: 'Lift',
    comment: 'Admin dashboard, users: ends a suspension or ban now.',
  },
  liftsuspensionof: /*i18n*/ {
    id: 'liftsuspensionof',
    message: 'Lift the suspension or ban: {name}',
    comment: 'Screen reader name of the "Lift" button on the card of user {name}.',
  },
  liftsuspensiontitle: /*i18n*/ { id: 'liftsuspensiontitle', message: 'Lift the decision on {name}?' },
  liftsuspensionbody: /*i18n*/ {
    id: 'liftsuspensionbody',
    message: '{name} can log in again at once, and their open help requests are shown to others again.',
  },
})
