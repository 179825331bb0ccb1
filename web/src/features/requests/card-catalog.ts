import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the request cards, the Requests tab's badge and the request detail's location block. */
export const cardMessages = defineMessages({
  yourrequest: /*i18n*/ { id: 'yourrequest', message: 'Your request', comment: 'Marker on a list card.' },
  youarehelping: /*i18n*/ {
    id: 'youarehelping',
    message: 'You’re helping',
    comment: 'Marker on a list card: the user is the helper of this request.',
  },
  tabnews: /*i18n*/ {
    id: 'tabnews',
    message: 'new',
    comment: 'Badge on the Requests tab while the map tab is open: something new arrived. Read after the tab name.',
  },
  phoneshowntonearby: /*i18n*/ {
    id: 'phoneshowntonearby',
    message: 'The phone number is shown to helpers nearby.',
    comment: 'In the request detail instead of the phone number, for a user outside the request’s reach.',
  },
  phonelimitreached: /*i18n*/ {
    id: 'phonelimitreached',
    message: 'You have seen today’s maximum of phone numbers. Try again tomorrow.',
    comment:
      'In the request detail instead of the phone number, for a user nearby who already got the daily maximum of ' +
      'numbers of other people’s requests (the privacy statement names the number).',
  },
  phoneonlytohelper: /*i18n*/ {
    id: 'phoneonlytohelper',
    message: 'The owner shows their number only to the person who helps.',
    comment: 'In the request detail instead of the phone number, when the owner chose to keep it private.',
  },
  phoneonlytohelperown: /*i18n*/ {
    id: 'phoneonlytohelperown',
    message: 'Only the person who helps you sees your number.',
    comment: 'In the detail of the user’s own request, under their number, when they chose to keep it private.',
  },
  openinmaps: /*i18n*/ {
    id: 'openinmaps',
    message: 'Open in maps',
    comment: 'Link that opens the request’s location in the phone’s map app (geo: link).',
  },
  openinopenstreetmap: /*i18n*/ {
    id: 'openinopenstreetmap',
    message: 'Open in OpenStreetMap',
    comment: 'Link that opens the request’s location on the OpenStreetMap website, for devices without a map app.',
  },
  maplegend: /*i18n*/ { id: 'maplegend', message: 'Map legend' },
  legendrequest: /*i18n*/ { id: 'legendrequest', message: 'Help request' },
  legendarea: /*i18n*/ { id: 'legendarea', message: 'Help request, approximate area' },
  legendyou: /*i18n*/ { id: 'legendyou', message: 'You' },
})
