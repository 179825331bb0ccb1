import type { MessageDescriptor } from '@lingui/core'
import type { ServiceCategory } from './api.ts'
import { defineMessages } from '#shared/i18n/define-messages.ts'

/**
 * Names of the nine service categories (docs/product.md#service-map). Ids are prefixed: `transportation` differs from
 * the request one.
 */
export const serviceCategoryNames = {
  rental_service: /*i18n*/ { id: 'service_rental_service', message: 'Bike rental', comment: 'Service category.' },
  accommodation: /*i18n*/ { id: 'service_accommodation', message: 'Accommodation', comment: 'Service category.' },
  restaurant: /*i18n*/ { id: 'service_restaurant', message: 'Restaurant or café', comment: 'Service category.' },
  event: /*i18n*/ { id: 'service_event', message: 'Event', comment: 'Service category.' },
  attraction: /*i18n*/ { id: 'service_attraction', message: 'Attraction', comment: 'Service category: a sight.' },
  shop: /*i18n*/ { id: 'service_shop', message: 'Shop', comment: 'Service category.' },
  transportation: /*i18n*/ {
    id: 'service_transportation',
    message: 'Transport',
    comment: 'Service category: buses, trains or ferries that take bicycles.',
  },
  experience: /*i18n*/ {
    id: 'service_experience',
    message: 'Experience',
    comment: 'Service category: guided tours etc.',
  },
  venue: /*i18n*/ {
    id: 'service_venue',
    message: 'Venue',
    comment: 'Service category: a place for meetings or events.',
  },
} as const satisfies Record<ServiceCategory, MessageDescriptor>

/** Texts of the service map tab and the service detail modal. */
export const serviceMessages = defineMessages({
  servicecategory: /*i18n*/ {
    id: 'servicecategory',
    message: 'Category',
    comment: 'Service map: the filter dropdown.',
  },
  allcategories: /*i18n*/ { id: 'allcategories', message: 'All categories', comment: 'Service map filter: no filter.' },
  servicemap: /*i18n*/ { id: 'servicemap', message: 'Map of cyclist-friendly services' },
  loadingservices: /*i18n*/ { id: 'loadingservices', message: 'Loading services…' },
  failedtofetchservices: /*i18n*/ { id: 'failedtofetchservices', message: 'Failed to load the services' },
  servicelist: /*i18n*/ {
    id: 'servicelist',
    message: 'Services on the map ({count})',
    comment: 'A list of the services shown on the map, for keyboard and screen reader users.',
  },
  noservices: /*i18n*/ { id: 'noservices', message: 'No services in this category.' },
  noservicesinview: /*i18n*/ {
    id: 'noservicesinview',
    message: 'No services in this area.',
    comment: 'Over the service map when none of the shown services is in view; a Zoom out button follows.',
  },
  certified: /*i18n*/ {
    id: 'certified',
    message: 'Certified cyclist-friendly',
    comment: 'Certificate badge of a service, e.g. the Welcome Cyclist programme.',
  },
  showmore: /*i18n*/ { id: 'showmore', message: 'Show more', comment: 'Expands a shortened description.' },
  showless: /*i18n*/ { id: 'showless', message: 'Show less' },
  address: /*i18n*/ { id: 'address', message: 'Address' },
  servicephone: /*i18n*/ { id: 'servicephone', message: 'Phone' },
  visitwebsite: /*i18n*/ { id: 'visitwebsite', message: 'Visit website' },
  logo: /*i18n*/ { id: 'logo', message: 'Logo of {name}' },
  yourlocation: /*i18n*/ { id: 'yourlocation', message: 'Your location', comment: 'Map marker legend.' },
  openinghours: /*i18n*/ { id: 'openinghours', message: 'Opening hours' },
  hoursopen: /*i18n*/ { id: 'hoursopen', message: 'Open now', comment: 'A service is open at the moment.' },
  hoursclosesat: /*i18n*/ {
    id: 'hoursclosesat',
    message: 'Open, closes at {time}',
    comment: 'A service is open now. {time} is a time of day such as 18:00 (Finnish 18.00).',
  },
  hoursclosed: /*i18n*/ { id: 'hoursclosed', message: 'Closed', comment: 'A service is closed (now, or on a day).' },
  hoursopensat: /*i18n*/ {
    id: 'hoursopensat',
    message: 'Closed, opens at {time}',
    comment: 'A service is closed now and opens later today. {time} such as 10:00.',
  },
  hoursopenstomorrow: /*i18n*/ {
    id: 'hoursopenstomorrow',
    message: 'Closed, opens tomorrow at {time}',
    comment: 'A service is closed now and opens tomorrow. {time} such as 10:00.',
  },
  hoursopenson: /*i18n*/ {
    id: 'hoursopenson',
    message: 'Closed, opens {weekday} at {time}',
    comment: 'A service is closed now and opens later this week. {weekday} is a short day name (Mon; ma; mån).',
  },
  hourstoday: /*i18n*/ { id: 'hourstoday', message: 'Today', comment: 'Opening hours: the row of today.' },
  hoursholiday: /*i18n*/ {
    id: 'hoursholiday',
    message: 'Opening hours are shown in Finnish time, with public holidays.',
    comment: 'Under the opening hours of a service.',
  },
  servicedistance: /*i18n*/ {
    id: 'servicedistance',
    message: '{distance} km',
    comment: 'Distance to a service, two decimals.',
  },
  sortedfromyou: /*i18n*/ { id: 'sortedfromyou', message: 'Nearest to you first' },
  sortedfromcentre: /*i18n*/ {
    id: 'sortedfromcentre',
    message: 'Nearest to the centre of the map first',
    comment: 'The service list is sorted by distance from the map centre when the user shares no location.',
  },
  nearbyservices: /*i18n*/ {
    id: 'nearbyservices',
    message: 'Help nearby while you wait',
    comment: 'Heading in the owner’s waiting request: the nearest services that fit the request’s category.',
  },
  nearbyintro: /*i18n*/ {
    id: 'nearbyintro',
    message: 'The nearest places that may help, from where you wait.',
  },
  nearbynone: /*i18n*/ {
    id: 'nearbynone',
    message: 'There are no fitting services within {km} km.',
  },
  nearbynolocation: /*i18n*/ {
    id: 'nearbynolocation',
    message: 'Share your location to see the services near you.',
  },
  callservice: /*i18n*/ {
    id: 'callservice',
    message: 'Call {name}',
    comment: 'A call link’s name for screen readers.',
  },
  call: /*i18n*/ { id: 'call', message: 'Call', comment: 'A link that phones a service.' },
  directions: /*i18n*/ {
    id: 'directions',
    message: 'Directions',
    comment: 'A link to a cycling route to a service on OpenStreetMap.',
  },
  directionsto: /*i18n*/ {
    id: 'directionsto',
    message: 'Directions to {name}',
    comment: 'A directions link’s name for screen readers.',
  },
  distancefromyou: /*i18n*/ {
    id: 'distancefromyou',
    message: 'Distance from you',
    comment: 'In a service’s detail: the label of its distance from the user’s position, such as 1.20 km.',
  },
})
