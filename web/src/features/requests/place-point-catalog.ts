import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Placing the request's point on a map, in the new-request form and when the owner updates the location. */
export const placePointMessages = defineMessages({
  adjustpoint: /*i18n*/ {
    id: 'adjustpoint',
    message: 'Adjust the point on the map',
    comment: 'Opens a map where the owner drags the request’s point to where they really are.',
  },
  hidepointmap: /*i18n*/ { id: 'hidepointmap', message: 'Hide the map' },
  placepointhint: /*i18n*/ {
    id: 'placepointhint',
    message: 'Drag the red point, or tap the map where you are. A phone’s position can be a few hundred metres off.',
  },
  placepointmap: /*i18n*/ { id: 'placepointmap', message: 'Map for placing your request' },
  pointmoved: /*i18n*/ {
    id: 'pointmoved',
    message: 'The point is {distance} m from your phone’s position.',
    comment: 'After the owner moved the request’s point on the map; distance in metres.',
  },
  usephoneposition: /*i18n*/ { id: 'usephoneposition', message: 'Use my phone’s position' },
})
