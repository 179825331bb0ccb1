import { defineMessages } from '#shared/i18n/define-messages.ts'

/** "On my way": the helper shares their position with the person asking for help (docs/product.md#on-my-way). */
export const positionMessages = defineMessages({
  sharelocationwith: /*i18n*/ {
    id: 'sharelocationwith',
    message: 'Share my location with {name}',
    comment: 'Button for the helper. {name} is the user name of the person asking for help.',
  },
  sharinglocationwith: /*i18n*/ {
    id: 'sharinglocationwith',
    message: 'Your location is shared with {name} until you stop or the help ends.',
    comment: 'Shown to the helper while their live location is shared.',
  },
  keepappopen: /*i18n*/ {
    id: 'keepappopen',
    message: 'Keep the app open to keep sharing.',
    comment:
      'Under the notice that the helper’s location is shared: a locked screen or another app pauses the sharing, ' +
      'as a web app cannot follow the position in the background.',
  },
  sharingrefused: /*i18n*/ {
    id: 'sharingrefused',
    message:
      'Sharing stopped: the app may not read your phone’s position. Allow location for this site, then share again.',
    comment:
      'For the helper when the browser refuses the position (permission withdrawn): their location is no longer ' +
      'shared, and the person asking for help no longer sees it.',
  },
  stopsharing: /*i18n*/ { id: 'stopsharing', message: 'Stop sharing', comment: 'Stops sharing the live location.' },
  helperapproachtime: /*i18n*/ {
    id: 'helperapproachtime',
    message: '{name} is {distance} km away · about {time}',
    comment:
      'Straight-line distance of the helper from the request and a rough time by bicycle; {time} is e.g. “8 min” ' +
      'or “1 h 5 min”, already in the interface language.',
  },
  helpernear: /*i18n*/ {
    id: 'helpernear',
    message: '{name} is less than 100 m away',
    comment: 'The helper is almost at the request.',
  },
  youapproachtime: /*i18n*/ {
    id: 'youapproachtime',
    message: 'About {time} by bike from here',
    comment:
      'For the helper, under the request’s distance: a rough time by bicycle; {time} is e.g. “8 min” or ' +
      '“1 h 5 min”, already in the interface language.',
  },
  helperstaleaway: /*i18n*/ {
    id: 'helperstaleaway',
    message: '{name} was {distance} km away · last seen {age} ago',
    comment:
      'For the owner when the helper’s location has not been updated for over 2 minutes (their app closed or no ' +
      'signal). {age} is e.g. “3 min” or “1 h”, already in the interface language.',
  },
  helperstalenear: /*i18n*/ {
    id: 'helperstalenear',
    message: '{name} was less than 100 m away · last seen {age} ago',
    comment: 'As helperstaleaway, when the helper was almost at the request. {age} is e.g. “3 min”.',
  },
  younear: /*i18n*/ { id: 'younear', message: 'You are less than 100 m away' },
  legendhelper: /*i18n*/ {
    id: 'legendhelper',
    message: 'Helper ({name})',
    comment: 'Map legend: the helper’s live position. {name} is their user name.',
  },
  legendhelperstale: /*i18n*/ {
    id: 'legendhelperstale',
    message: 'Helper ({name}), last known position',
    comment: 'Map legend: the helper’s position, not updated for over 2 minutes (drawn hollow and grey).',
  },
})
