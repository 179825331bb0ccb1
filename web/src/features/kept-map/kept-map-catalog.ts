import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of Settings → Map: keeping the map of the user's area on the phone (docs/pwa.md, "The kept map"). */
export const keptMapMessages = defineMessages({
  mapsection: /*i18n*/ { id: 'mapsection', message: 'Map', comment: 'Title of the Map section of the settings.' },
  keepmap: /*i18n*/ { id: 'keepmap', message: 'Keep the map of this area on this phone' },
  keepmapintro: /*i18n*/ {
    id: 'keepmapintro',
    message: 'The map within {radius} km of your location is stored on this phone, so it draws without a network.',
    comment: 'Above the button that keeps the map. radius: whole km, at most 30.',
  },
  keepmapsizing: /*i18n*/ {
    id: 'keepmapsizing',
    message: 'Working out the size…',
    comment: 'Before the download starts: the server adds up the map tiles of the area.',
  },
  keepmapstoring: /*i18n*/ { id: 'keepmapstoring', message: 'Storing the map' },
  keepmapprogress: /*i18n*/ {
    id: 'keepmapprogress',
    message: '{done} of {total}',
    comment: 'Download progress, e.g. "12.4 of 38 MB": done is a number, total has its unit.',
  },
  keptmapdone: /*i18n*/ {
    id: 'keptmapdone',
    message: 'The map of this area is on this phone ({size}, {date})',
    comment: 'e.g. "(38 MB, 29 Nov)": its size and the day it was stored.',
  },
  keptmapupdate: /*i18n*/ {
    id: 'keptmapupdate',
    message: 'Update',
    comment: 'Store the map of the area again, around the current location.',
  },
  keptmapremove: /*i18n*/ { id: 'keptmapremove', message: 'Remove', comment: 'Delete the stored map from the phone.' },
  keptmapoutdated: /*i18n*/ {
    id: 'keptmapoutdated',
    message: 'The server has a newer map. Update to store it.',
  },
  keptmapneedslocation: /*i18n*/ {
    id: 'keptmapneedslocation',
    message:
      'Storing the map needs your location. Allow this site to use your location, or update it under Radius and location.',
  },
  keptmapoffline: /*i18n*/ {
    id: 'keptmapoffline',
    message: 'You are offline. The map can be stored when there is a network.',
  },
  keptmapfailed: /*i18n*/ { id: 'keptmapfailed', message: 'The map could not be stored. Please try again later.' },
  keptmapnospace: /*i18n*/ {
    id: 'keptmapnospace',
    message: 'There is not enough free storage on this phone for the map of this area.',
  },
  keptmapnotpersisted: /*i18n*/ {
    id: 'keptmapnotpersisted',
    message:
      'The browser may delete the stored map when the phone runs short of space. Installing the app on the home screen makes that less likely.',
    comment: 'navigator.storage.persist() was refused.',
  },
  keptmaplowstorage: /*i18n*/ {
    id: 'keptmaplowstorage',
    message: 'Little storage is left on this phone: the browser may delete the stored map.',
  },
  keptmapraster: /*i18n*/ {
    id: 'keptmapraster',
    message: 'The map this service uses cannot be stored on the phone.',
    comment: 'The server draws its map from another tile service (TILE_URL), whose tiles may not be kept.',
  },
})
