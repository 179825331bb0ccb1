/**
 * The fixed value lists of docs/product.md (#help-requests, #service-map). Pure values without imports: the server's rules and schemas and the
 * web client (its forms, filters and labels) import them from here, so the two cannot drift apart.
 */

/** Help request categories, in the order the new-request form offers them. */
export const REQUEST_CATEGORIES = ['bicycle_maintenance', 'food_and_hydration', 'transportation_need', 'other'] as const
export type RequestCategory = (typeof REQUEST_CATEGORIES)[number]

export const REQUEST_STATUSES = ['new', 'in progress', 'completed'] as const
export type RequestStatus = (typeof REQUEST_STATUSES)[number]

export const SERVICE_CATEGORIES = [
  'rental_service',
  'accommodation',
  'restaurant',
  'event',
  'attraction',
  'shop',
  'transportation',
  'experience',
  'venue',
] as const
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number]

/** The languages a service's name and description may be written in. */
export const SERVICE_LANGUAGES = ['fi', 'en', 'sv'] as const
export type ServiceLanguage = (typeof SERVICE_LANGUAGES)[number]
