import type { Service, ServiceLocalization } from '../schemas/service.ts'
import { SERVICE_CATEGORIES } from './categories.ts'
import { hasUnstorableText } from './unstorable-text.ts'

export { SERVICE_LANGUAGES } from './categories.ts'

export type Localization = ServiceLocalization

/** A service as written to the database, from an import row or the admin API: the answer's fields and the import id. */
export type ServiceInput = Omit<Service, 'service_id'> & { external_id: string | null }

const HTTP_URL = /^https?:\/\/[^\s]+$/

/**
 * Every reason a service is not acceptable, in words an importer can print next to its row number. An empty
 * list means the service may be stored.
 */
export function serviceProblems(service: ServiceInput): string[] {
  const problems: string[] = []
  if (!(SERVICE_CATEGORIES as readonly string[]).includes(service.category)) {
    problems.push(`category "${service.category}" is not one of ${SERVICE_CATEGORIES.join(', ')}`)
  }
  if (!Number.isFinite(service.latitude) || Math.abs(service.latitude) > 90)
    problems.push('latitude must be a number from -90 to 90')
  if (!Number.isFinite(service.longitude) || Math.abs(service.longitude) > 180)
    problems.push('longitude must be a number from -180 to 180')
  for (const [field, value] of [
    ['logo_url', service.logo_url],
    ...service.localizations.map((l) => [`url_${l.language}`, l.url]),
  ] as const) {
    if (value !== null && !HTTP_URL.test(value)) problems.push(`${field} must be an http(s) URL`)
  }
  if (service.phone !== null && !/^\+?[\d\s()-]{5,30}$/.test(service.phone))
    problems.push('phone has characters a phone number cannot have')
  // A GeoJSON import reaches the database without passing the route validator: PostgreSQL would fail the whole run.
  if (hasUnstorableText(service))
    problems.push('a field contains a NUL character or a broken (lone surrogate) character, which cannot be stored')
  if (service.localizations.length === 0)
    problems.push('a name is needed in at least one language (name_fi, name_en or name_sv)')
  for (const localization of service.localizations) {
    if (localization.name.length > 200) problems.push(`name_${localization.language} is longer than 200 characters`)
    if ((localization.description?.length ?? 0) > 5000)
      problems.push(`description_${localization.language} is longer than 5000 characters`)
  }
  return problems
}
