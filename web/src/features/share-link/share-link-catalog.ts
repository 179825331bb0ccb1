import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The owner's share link in the request detail (docs/requests.md, "Share links"). */
export const shareLinkMessages = defineMessages({
  sharelinkheading: /*i18n*/ {
    id: 'sharelinkheading',
    message: 'Share link',
    comment: 'Heading of the request detail’s section where the owner shares a read-only link of the request.',
  },
  sharelinkexplain: /*i18n*/ {
    id: 'sharelinkexplain',
    message:
      'Someone you trust can follow this request with the link, without an account: its status, description, ' +
      'place as you share it, and whether a helper is on the way. Never your phone number.',
    comment: 'One line under the share button: what the friend will see.',
  },
  sharelinkcreate: /*i18n*/ {
    id: 'sharelinkcreate',
    message: 'Share with someone you trust',
    comment: 'Button: makes a read-only link of the request and opens the phone’s share menu.',
  },
  sharelinklive: /*i18n*/ {
    id: 'sharelinklive',
    message: 'This request is shared with a link. It works until {time}, or an hour after you mark it ready.',
    comment: '{time} is a time of day, with the weekday when it is not today (e.g. “Sat 14:32”).',
  },
  sharelinkfield: /*i18n*/ { id: 'sharelinkfield', message: 'Link', comment: 'Label of the read-only link field.' },
  sharelinkshare: /*i18n*/ {
    id: 'sharelinkshare',
    message: 'Share the link',
    comment: 'Opens the phone’s own share menu (messages, WhatsApp, …) with the link.',
  },
  sharelinkcopy: /*i18n*/ { id: 'sharelinkcopy', message: 'Copy the link' },
  sharelinkcopied: /*i18n*/ { id: 'sharelinkcopied', message: 'Link copied' },
  sharelinkcopyfailed: /*i18n*/ {
    id: 'sharelinkcopyfailed',
    message: 'Copying did not work: select the link above and copy it.',
  },
  sharelinksms: /*i18n*/ {
    id: 'sharelinksms',
    message: 'Send as a text message',
    comment: 'Opens the phone’s messaging app with the link in a new SMS.',
  },
  sharelinkstop: /*i18n*/ {
    id: 'sharelinkstop',
    message: 'Stop sharing the link',
    comment: 'Revokes the link: it stops working at once.',
  },
  sharelinkstopped: /*i18n*/ { id: 'sharelinkstopped', message: 'The link no longer works.' },
  sharelinktitle: /*i18n*/ {
    id: 'sharelinktitle',
    message: 'My help request',
    comment: 'Title handed to the phone’s share menu with the link.',
  },
  sharelinktext: /*i18n*/ {
    id: 'sharelinktext',
    message: 'I asked for help on Bike Help. You can follow how it goes here:',
    comment: 'Text sent with the link (share menu and SMS); the link follows it. Bike Help: the appname message.',
  },
})

/** The page a link opens, `/s/{token}`, for someone without an account too. */
export const sharedPageMessages = defineMessages({
  sharedtitle: /*i18n*/ {
    id: 'sharedtitle',
    message: 'Shared help request',
    comment: 'Heading of the page a share link opens: someone shared their help request with the reader.',
  },
  sharedwaiting: /*i18n*/ { id: 'sharedwaiting', message: 'Waiting for a helper' },
  sharedhelping: /*i18n*/ {
    id: 'sharedhelping',
    message: '{name} is helping',
    comment: '{name} is the user name of the helper who took the request over.',
  },
  sharedonmyway: /*i18n*/ {
    id: 'sharedonmyway',
    message: '{name} is on the way',
    comment: 'The helper shares their live position with the person asking for help right now.',
  },
  sharedhelperkm: /*i18n*/ {
    id: 'sharedhelperkm',
    message: 'About {distance} km from the request',
    comment: 'How far the helper is, in whole kilometres.',
  },
  sharedhelpernear: /*i18n*/ { id: 'sharedhelpernear', message: 'Less than a kilometre from the request' },
  sharedclosed: /*i18n*/ { id: 'sharedclosed', message: 'This request is closed' },
  sharedclosedat: /*i18n*/ {
    id: 'sharedclosedat',
    message: 'Marked ready at {time}.',
    comment: '{time} is a time of day, with the weekday when it is not today.',
  },
  sharednotvalid: /*i18n*/ { id: 'sharednotvalid', message: 'This link is no longer valid' },
  sharednotvalidtext: /*i18n*/ {
    id: 'sharednotvalidtext',
    message: 'The person who shared it has stopped sharing, or the request has ended. A link works for a day at most.',
  },
  sharedlive: /*i18n*/ {
    id: 'sharedlive',
    message: 'This page updates by itself. Last checked at {time}.',
    comment: '{time} is a time of day.',
  },
  sharedfailing: /*i18n*/ {
    id: 'sharedfailing',
    message: 'Could not update just now. Trying again…',
    comment: 'The page could not reach the server; what it shows may be old.',
  },
  sharedfailed: /*i18n*/ {
    id: 'sharedfailed',
    message: 'The request could not be loaded. Trying again…',
  },
  sharedexpires: /*i18n*/ {
    id: 'sharedexpires',
    message: 'The link works until {time}.',
    comment: '{time} is a time of day, with the weekday when it is not today.',
  },
  sharedopenapp: /*i18n*/ {
    id: 'sharedopenapp',
    message: 'Go to Bike Help',
    comment: 'Link from the shared page to the app’s main screen. Bike Help: the appname message.',
  },
})
