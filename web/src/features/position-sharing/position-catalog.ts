import { defineMessages } from '../../shared/i18n/define-messages.ts'

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
  stopsharing: /*i18n*/ { id: 'stopsharing', message: 'Stop sharing', comment: 'Stops sharing the live location.' },
  helperapproach: /*i18n*/ {
    id: 'helperapproach',
    message: '{name} is {distance} km away · about {minutes} min',
    comment: 'Straight-line distance of the helper from the request and a rough time by bicycle.',
  },
  helpernear: /*i18n*/ {
    id: 'helpernear',
    message: '{name} is less than 100 m away',
    comment: 'The helper is almost at the request.',
  },
  youapproach: /*i18n*/ {
    id: 'youapproach',
    message: 'You are {distance} km away · about {minutes} min by bike',
    comment: 'For the helper: straight-line distance to the request and a rough time by bicycle.',
  },
  younear: /*i18n*/ { id: 'younear', message: 'You are less than 100 m away' },
  legendhelper: /*i18n*/ {
    id: 'legendhelper',
    message: 'Helper ({name})',
    comment: 'Map legend: the helper’s live position. {name} is their user name.',
  },
})
