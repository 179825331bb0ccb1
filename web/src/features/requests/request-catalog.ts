import type { MessageDescriptor } from '@lingui/core'
import type { RequestCategory, RequestStatus } from './api.ts'
import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Names of the request categories (docs/product.md#help-requests); the title of a request's detail modal. */
export const categoryNames = defineMessages({
  bicycle_maintenance: /*i18n*/ { id: 'bicycle_maintenance', message: 'Bicycle maintenance' },
  food_and_hydration: /*i18n*/ { id: 'food_and_hydration', message: 'Food and drink' },
  transportation_need: /*i18n*/ {
    id: 'transportation_need',
    message: 'Transport needed',
    comment: 'Help request category: the cyclist (and bike) needs a ride.',
  },
  other: /*i18n*/ { id: 'other', message: 'Other' },
}) satisfies Record<RequestCategory, unknown>

export const statusNames = {
  new: /*i18n*/ { id: 'statusnew', message: 'New', comment: 'Status of a help request nobody has taken yet.' },
  'in progress': /*i18n*/ { id: 'statusinprogress', message: 'In progress', comment: 'Someone is helping.' },
  completed: /*i18n*/ { id: 'statuscompleted', message: 'Completed' },
} as const satisfies Record<RequestStatus, MessageDescriptor>

/** Texts of the requests tab and the request modals that are used as strings or in more than one place. */
export const requestMessages = defineMessages({
  tabrequests: /*i18n*/ { id: 'tabrequests', message: 'Requests', comment: 'Main screen tab: help requests.' },
  tabservicemap: /*i18n*/ { id: 'tabservicemap', message: 'Service map', comment: 'Main screen tab.' },
  maintabs: /*i18n*/ { id: 'maintabs', message: 'Main views' },
  showall: /*i18n*/ {
    id: 'showall',
    message: 'Show all requests',
    comment: 'Checkbox: also show requests outside the user’s radius.',
  },
  loadmore: /*i18n*/ {
    id: 'loadmore',
    message: 'Show more requests',
    comment: 'Button under the list with show-all on: fetch the next, older requests.',
  },
  loadingmore: /*i18n*/ { id: 'loadingmore', message: 'Loading more requests…' },
  refresh: /*i18n*/ { id: 'refresh', message: 'Refresh' },
  refreshing: /*i18n*/ { id: 'refreshing', message: 'Refreshing…' },
  pulltorefresh: /*i18n*/ { id: 'pulltorefresh', message: 'Pull down to refresh' },
  releasetorefresh: /*i18n*/ { id: 'releasetorefresh', message: 'Release to refresh' },
  loadingrequests: /*i18n*/ { id: 'loadingrequests', message: 'Loading requests…' },
  loadingrequest: /*i18n*/ { id: 'loadingrequest', message: 'Loading the request…' },
  newrequest: /*i18n*/ {
    id: 'newrequest',
    message: 'Ask for help',
    comment: 'Button and title: create a help request.',
  },
  distance: /*i18n*/ { id: 'distance', message: '{distance} km away' },
  nolocation: /*i18n*/ { id: 'nolocation', message: 'No location' },
  category: /*i18n*/ { id: 'category', message: 'Category' },
  description: /*i18n*/ { id: 'description', message: 'Description' },
  desccounter: /*i18n*/ {
    id: 'desccounter',
    message: '{count}/500',
    comment: 'Characters used of the description’s 500.',
  },
  locationchoice: /*i18n*/ { id: 'locationchoice', message: 'How is your location shown?' },
  locationvisible: /*i18n*/ { id: 'locationvisible', message: 'Exact location' },
  locationvisiblehint: /*i18n*/ { id: 'locationvisiblehint', message: 'Helpers see exactly where you are.' },
  locationapproximate: /*i18n*/ { id: 'locationapproximate', message: 'Approximate location' },
  locationapproximatehint: /*i18n*/ {
    id: 'locationapproximatehint',
    message: 'Helpers see an area of about 2 km.',
  },
  sendrequest: /*i18n*/ { id: 'sendrequest', message: 'Send request' },
  status: /*i18n*/ { id: 'status', message: 'Status' },
  askedby: /*i18n*/ { id: 'askedby', message: 'Asked by' },
  helper: /*i18n*/ { id: 'helper', message: 'Helper', comment: 'The user who took the request over.' },
  updated: /*i18n*/ { id: 'updated', message: 'Updated' },
  created: /*i18n*/ { id: 'created', message: 'Created' },
  justnow: /*i18n*/ {
    id: 'justnow',
    message: 'just now',
    comment: 'Relative time under a minute, after “Updated” or “Created” (lower case, like “5 minutes ago”).',
  },
  views: /*i18n*/ { id: 'views', message: 'Views', comment: 'How many other users have opened the request.' },
  location: /*i18n*/ { id: 'location', message: 'Location' },
  approximatearea: /*i18n*/ {
    id: 'approximatearea',
    message: 'Approximate location: somewhere in the circle of about 2 km',
  },
  locationnotshared: /*i18n*/ { id: 'locationnotshared', message: 'Location not shared' },
  requestmap: /*i18n*/ { id: 'requestmap', message: 'Map of the request’s location' },
  takeoverfartitle: /*i18n*/ {
    id: 'takeoverfartitle',
    message: 'Take it over anyway?',
    comment: 'Title of the question before taking over a request farther away than the helper’s own radius.',
  },
  takeoverfartext: /*i18n*/ {
    id: 'takeoverfartext',
    message: 'This request is {distance} km from you, farther than your radius of {radius} km.',
    comment: 'The distance with two decimals; the radius is the helper’s own setting in whole kilometres.',
  },
  takeoveranyway: /*i18n*/ {
    id: 'takeoveranyway',
    message: 'Take it over',
    comment: 'Confirms taking over a request that is farther away than the helper’s radius.',
  },
  takeover: /*i18n*/ {
    id: 'takeover',
    message: 'I’m working on it',
    comment: 'Button: take over a help request and become its helper.',
  },
  workingonit: /*i18n*/ { id: 'workingonit', message: 'Someone is working on it' },
  release: /*i18n*/ { id: 'release', message: 'Release the request', comment: 'The helper gives the request back.' },
  removehelper: /*i18n*/ { id: 'removehelper', message: 'Remove the helper' },
  markready: /*i18n*/ { id: 'markready', message: 'Mark ready' },
  deleterequest: /*i18n*/ { id: 'deleterequest', message: 'Delete request' },
  delete: /*i18n*/ { id: 'delete', message: 'Delete' },
  updaterequestlocation: /*i18n*/ { id: 'updaterequestlocation', message: 'Update location' },
  testrequest: /*i18n*/ {
    id: 'testrequest',
    message: 'Test request',
    comment: 'Marks an admin’s test request in lists and the detail (admins only).',
  },
  testrequesthint: /*i18n*/ {
    id: 'testrequesthint',
    message: 'A test request: only admins see it and only admins are alerted.',
    comment: 'Under the admin’s checkbox labelled “Testipyyntö” (Finnish in every language, as the contract says).',
  },
  gothelp: /*i18n*/ { id: 'gothelp', message: 'Help received' },
  nohelp: /*i18n*/ { id: 'nohelp', message: 'No help received' },
  request: /*i18n*/ { id: 'request', message: 'Help request' },
  requestnotfound: /*i18n*/ { id: 'requestnotfound', message: 'Request not found' },
  editdescription: /*i18n*/ { id: 'editdescription', message: 'Edit description' },
  readytitle: /*i18n*/ { id: 'readytitle', message: 'Mark the request ready?' },
  readywarning: /*i18n*/ {
    id: 'readywarning',
    message:
      'A ready request is closed for good: nobody can respond to it or edit it any more, and the phone numbers are hidden.',
  },
  gothelpquestion: /*i18n*/ { id: 'gothelpquestion', message: 'Did you get help?' },
  deletetitle: /*i18n*/ { id: 'deletetitle', message: 'Delete the request?' },
  deletewarning: /*i18n*/ {
    id: 'deletewarning',
    message: 'The request is removed for everyone. This cannot be undone.',
  },
  yes: /*i18n*/ { id: 'yes', message: 'Yes' },
  no: /*i18n*/ { id: 'no', message: 'No' },
  requesttakenover: /*i18n*/ {
    id: 'requesttakenover',
    message: '{name} is working on your request ({category}).',
    comment: 'Live notice to the owner: another user took over their help request. {category} is its category name.',
  },
  requesttakenoverkm: /*i18n*/ {
    id: 'requesttakenoverkm',
    message: '{name} is working on your request ({category}), about {distance} km from it.',
    comment: 'Live notice to the owner at a take-over; {distance} is whole km from the helper’s last known location.',
  },
  requesttakenovernear: /*i18n*/ {
    id: 'requesttakenovernear',
    message: '{name} is working on your request ({category}), less than a kilometre from it.',
  },
  helperwaskm: /*i18n*/ {
    id: 'helperwaskm',
    message: '{name} was about {distance} km away',
    comment:
      'On the owner’s card and in their detail while someone helps: how far the helper was when they took the request over, in whole km (rounded to a 1 km grid; not followed live).',
  },
  helperwasnear: /*i18n*/ {
    id: 'helperwasnear',
    message: '{name} was less than a kilometre away',
    comment: 'As helperwaskm, for a helper who took it over from under a kilometre away.',
  },
  requestreleased: /*i18n*/ {
    id: 'requestreleased',
    message:
      'Nobody is working on your request ({category}) any more. It is new again, and the search for a helper goes on.',
    comment: 'Live notice to the owner: the helper released the request or was removed, so it waits for a helper.',
  },
  takeoverpaused: /*i18n*/ {
    id: 'takeoverpaused',
    message:
      'You have let go of 3 requests in the last day. You can take a request over again in about {hours, plural, one {# hour} other {# hours}}.',
    comment:
      'Beside the disabled “I’m working on it”: a helper who released (or was removed from) 3 requests within 30 minutes of taking them, in 24 hours.',
  },
  opennoticerequest: /*i18n*/ {
    id: 'opennoticerequest',
    message: 'Show',
    comment: 'Opens the request a notice is about.',
  },
  dismissnotice: /*i18n*/ { id: 'dismissnotice', message: 'Dismiss notice' },
  helpededited: /*i18n*/ {
    id: 'helpededited',
    message: 'The request you are helping with ({category}) was changed: {parts}.',
    comment:
      'Live notice to the helper: the owner edited the request. {parts} lists what changed (description, location).',
  },
  editedpartdescription: /*i18n*/ {
    id: 'editedpartdescription',
    message: 'new description',
    comment: 'What changed, in the helper’s notice and the request detail.',
  },
  editedpartlocation: /*i18n*/ {
    id: 'editedpartlocation',
    message: 'new location',
    comment: 'What changed (moved, or exact/approximate switched), in the helper’s notice and the request detail.',
  },
  editedbyowner: /*i18n*/ {
    id: 'editedbyowner',
    message: 'Changed by the owner while you help: {parts}.',
    comment: 'At the top of the request detail for its helper, until the notice is dismissed.',
  },
  helpedcompleted: /*i18n*/ {
    id: 'helpedcompleted',
    message: 'The request you were helping with ({category}) was completed. Thank you!',
    comment: 'Live notice to the helper: the owner (or an admin) marked the request ready. {category} is its category.',
  },
  helpeddeleted: /*i18n*/ {
    id: 'helpeddeleted',
    message: 'The request you were helping with ({category}) was deleted.',
    comment: 'Live notice to the helper: the request was deleted (by its owner or an admin).',
  },
  helpedremoved: /*i18n*/ {
    id: 'helpedremoved',
    message: 'You were removed as the helper of a request ({category}).',
    comment: 'Live notice to the helper: the owner of the request removed them as its helper.',
  },
  requestwascompleted: /*i18n*/ {
    id: 'requestwascompleted',
    message: 'This request was completed.',
    comment: 'In the open detail modal: the request was marked ready while the user was looking at it.',
  },
  requestwasdeleted: /*i18n*/ {
    id: 'requestwasdeleted',
    message: 'This request was removed.',
    comment: 'In the open detail modal: the request was deleted while the user was looking at it.',
  },
  requestnolongershown: /*i18n*/ {
    id: 'requestnolongershown',
    message: 'This request is no longer shown to you.',
    comment:
      'In the open detail modal: while the user was looking at it, the server stopped showing it to them (its owner blocked them, was suspended, or moved it out of reach). Everything it showed is gone.',
  },
  nolongerhelping: /*i18n*/ {
    id: 'nolongerhelping',
    message: 'You are no longer this request’s helper, so its owner’s number and your messages are not shown any more.',
    comment:
      'In the open detail modal of a request the user was helping with: they let go of it, or its owner removed them as the helper.',
  },
  releasetitle: /*i18n*/ { id: 'releasetitle', message: 'Release this request?' },
  releasewarning: /*i18n*/ {
    id: 'releasewarning',
    message: 'You cannot take it over again: it waits for another helper.',
    comment: 'Confirmation before the helper gives the request back; a released helper can never take it again.',
  },
  releaseconfirm: /*i18n*/ { id: 'releaseconfirm', message: 'Release', comment: 'Confirms releasing the request.' },
  removehelpertitle: /*i18n*/ { id: 'removehelpertitle', message: 'Remove {name} as helper?' },
  removehelperwarning: /*i18n*/ {
    id: 'removehelperwarning',
    message: 'They cannot take this request over again. It becomes new, for other helpers to take.',
    comment: 'Confirmation before the owner removes the helper; that helper can never take the request again.',
  },
  removehelperconfirm: /*i18n*/ {
    id: 'removehelperconfirm',
    message: 'Remove',
    comment: 'Confirms removing the helper.',
  },
  fixinvalidchars: /*i18n*/ {
    id: 'fixinvalidchars',
    message: 'Fix them',
    comment:
      'Button under the description error that names the characters that cannot be saved: rewrites them (brackets as commas, & as "and") and removes the rest.',
  },
  descallowed: /*i18n*/ {
    id: 'descallowed',
    message: 'Letters, digits, spaces and . , ! ? : -',
    comment:
      'Under the description field: the only characters a description may hold. Keep the punctuation list as is.',
  },
  invaliddescchars: /*i18n*/ {
    id: 'invaliddescchars',
    message: 'Contains characters that cannot be saved: {characters}',
    comment: 'Description error naming the characters not allowed, e.g. “@”, “💩”, U+0000 (invisible ones as codes).',
  },
})
