import { defineMessages } from '../i18n/define-messages.ts'

/** Texts of the map core itself, whichever screen shows the map. */
export const mapMessages = defineMessages({
  authfailuretitle: /*i18n*/ {
    id: 'authfailuretitle',
    message: 'The map service refused the API key',
    comment: 'AuthFailure panel: map tiles answered 401 or 403.',
  },
  authfailuretext: /*i18n*/ {
    id: 'authfailuretext',
    message:
      'The background map cannot be shown because the map tile service did not accept this site’s API key. The services are still on the map and can be opened. Please tell the site’s administrator.',
  },
  tilesfailed: /*i18n*/ {
    id: 'tilesfailed',
    message: 'Map tiles could not be loaded. The markers still work.',
    comment: 'Over the map when a run of background map tiles failed (offline, tile service down).',
  },
  offlinemap: /*i18n*/ {
    id: 'offlinemap',
    message: 'Offline map',
    comment:
      'A small label in a corner of the map while the phone is offline: the map draws from what the phone keeps.',
  },
})
