import type { Service, ServiceLocalization } from '../../schemas/service.ts'
import { SERVICE_CATEGORIES } from '../shared/categories.ts'
import { hasUnstorableText } from '../shared/unstorable-text.ts'
import { openingHoursProblem } from './opening-hours.ts'

export { SERVICE_LANGUAGES } from '../shared/categories.ts'

export type Localization = ServiceLocalization

/** A service as written to the database, from an import row or the admin API: the answer's fields and the import id. */
export type ServiceInput = Omit<Service, 'service_id'> & { external_id: string | null }

const HTTP_URL = /^https?:\/\/[^\s]+$/
const PHONE = /^\+?[\d\s()-]{5,30}$/
export const SERVICE_NAME_MAX = 200
export const SERVICE_DESCRIPTION_MAX = 5000

/** Which rule a problem breaks: the admin form shows each in the user's language, at its field. */
export type ServiceRule =
  | 'category'
  | 'latitude'
  | 'longitude'
  | 'url'
  | 'phone'
  | 'unstorable'
  | 'name_needed'
  | 'name_length'
  | 'description_length'
  | 'opening_hours'

/** A broken rule: the field it is about (`url_fi`, `name_sv`, ... per language), and the text the API answers. */
export interface ServiceProblem {
  rule: ServiceRule
  field: string
  text: string
}

/**
 * Every rule a service breaks, each with its field. An empty list means the service may be stored. The admin
 * form runs exactly this before sending; the server answers the same texts.
 */
export function serviceFieldProblems(service: ServiceInput): ServiceProblem[] {
  const problems: ServiceProblem[] = []
  const add = (rule: ServiceRule, field: string, text: string) => problems.push({ rule, field, text })
  if (!(SERVICE_CATEGORIES as readonly string[]).includes(service.category)) {
    add('category', 'category', `category "${service.category}" is not one of ${SERVICE_CATEGORIES.join(', ')}`)
  }
  if (!Number.isFinite(service.latitude) || Math.abs(service.latitude) > 90)
    add('latitude', 'latitude', 'latitude must be a number from -90 to 90')
  if (!Number.isFinite(service.longitude) || Math.abs(service.longitude) > 180)
    add('longitude', 'longitude', 'longitude must be a number from -180 to 180')
  for (const [field, value] of [
    ['logo_url', service.logo_url],
    ...service.localizations.map((l) => [`url_${l.language}`, l.url] as const),
  ] as const) {
    if (value !== null && !HTTP_URL.test(value)) add('url', field, `${field} must be an http(s) URL`)
  }
  if (service.phone !== null && !PHONE.test(service.phone))
    add('phone', 'phone', 'phone has characters a phone number cannot have')
  const hoursProblem = service.opening_hours === null ? null : openingHoursProblem(service.opening_hours)
  if (hoursProblem) add('opening_hours', 'opening_hours', hoursProblem)
  // A GeoJSON import reaches the database without passing the route validator: PostgreSQL would fail the whole run.
  if (hasUnstorableText(service))
    add(
      'unstorable',
      'service',
      'a field contains a NUL character or a broken (lone surrogate) character, which cannot be stored',
    )
  if (service.localizations.length === 0)
    add('name_needed', 'name', 'a name is needed in at least one language (name_fi, name_en or name_sv)')
  for (const localization of service.localizations) {
    if (localization.name.length > SERVICE_NAME_MAX)
      add(
        'name_length',
        `name_${localization.language}`,
        `name_${localization.language} is longer than ${SERVICE_NAME_MAX} characters`,
      )
    if ((localization.description?.length ?? 0) > SERVICE_DESCRIPTION_MAX)
      add(
        'description_length',
        `description_${localization.language}`,
        `description_${localization.language} is longer than ${SERVICE_DESCRIPTION_MAX} characters`,
      )
  }
  return problems
}

/**
 * Every reason a service is not acceptable, in words an importer can print next to its row number. An empty
 * list means the service may be stored.
 */
export function serviceProblems(service: ServiceInput): string[] {
  return serviceFieldProblems(service).map((problem) => problem.text)
}
