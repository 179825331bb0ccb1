import { SERVICE_LANGUAGES } from '#server/domain/shared/categories.ts'
import {
  serviceFieldProblems,
  type ServiceInput,
  type ServiceProblem,
  type ServiceRule,
} from '#server/domain/services/rules.ts'
import { OPENING_HOURS_MAX } from '#server/domain/services/opening-hours.ts'
import type { AdminService } from '#server/schemas/service.ts'
import type { Service, ServiceCategory, ServiceLanguage } from '#features/services'

export type { AdminService } from '#server/schemas/service.ts'

/**
 * A problem the form shows: one of the server's rules, the form's own (see formProblems), or the server's answer
 * that another service already has the external id.
 */
export interface FormProblem extends Omit<ServiceProblem, 'rule'> {
  rule: ServiceRule | 'name_for_texts' | 'external_id_taken'
}
export { SERVICE_DESCRIPTION_MAX, SERVICE_NAME_MAX } from '#server/domain/services/rules.ts'
export { SERVICE_ERRORS } from '#server/domain/services/errors.ts'

/** The route's schema limits (server/routes/services.ts), given to the inputs as maxLength. */
export const FIELD_MAX = {
  external_id: 200,
  logo_url: 2000,
  address: 500,
  phone: 50,
  url: 2000,
  opening_hours: OPENING_HOURS_MAX,
} as const

export interface ServiceTexts {
  name: string
  description: string
  url: string
}

/** The form as typed: text everywhere (an empty coordinate is '' until it is a number), '' for no category. */
export interface ServiceForm {
  category: ServiceCategory | ''
  certified: boolean
  address: string
  phone: string
  /** docs/services.md#opening-hours: as typed; '' for unknown. */
  opening_hours: string
  logo_url: string
  external_id: string
  latitude: string
  longitude: string
  texts: Record<ServiceLanguage, ServiceTexts>
}

const noTexts = (): ServiceTexts => ({ name: '', description: '', url: '' })

export function emptyServiceForm(): ServiceForm {
  return {
    category: '',
    certified: false,
    address: '',
    phone: '',
    opening_hours: '',
    logo_url: '',
    external_id: '',
    latitude: '',
    longitude: '',
    texts: { fi: noTexts(), sv: noTexts(), en: noTexts() },
  }
}

export function formFromService(service: AdminService): ServiceForm {
  const form = emptyServiceForm()
  for (const localization of service.localizations) {
    form.texts[localization.language] = {
      name: localization.name,
      description: localization.description ?? '',
      url: localization.url ?? '',
    }
  }
  return {
    ...form,
    category: service.category,
    certified: service.certified,
    address: service.address ?? '',
    phone: service.phone ?? '',
    opening_hours: service.opening_hours ?? '',
    logo_url: service.logo_url ?? '',
    external_id: service.external_id ?? '',
    latitude: String(service.latitude),
    longitude: String(service.longitude),
  }
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** A typed coordinate as a number: a comma works as the decimal point; anything else is NaN (the rules refuse it). */
export function parseCoordinate(text: string): number {
  const normalised = text.trim().replace(',', '.')
  return normalised === '' || !/^[-+]?\d+(\.\d+)?$/.test(normalised) ? Number.NaN : Number(normalised)
}

/** Six decimals: about 10 cm, finer than any tap. */
export const formatCoordinate = (value: number) => String(Math.round(value * 1e6) / 1e6)

/** What the API receives (POST/PUT /api/services): a language is sent when it has a name. */
export function inputFromForm(form: ServiceForm): ServiceInput {
  return {
    external_id: orNull(form.external_id),
    category: form.category as ServiceCategory,
    latitude: parseCoordinate(form.latitude),
    longitude: parseCoordinate(form.longitude),
    logo_url: orNull(form.logo_url),
    address: orNull(form.address),
    phone: orNull(form.phone),
    certified: form.certified,
    opening_hours: orNull(form.opening_hours),
    localizations: SERVICE_LANGUAGES.filter((language) => form.texts[language].name.trim() !== '').map((language) => ({
      language,
      name: form.texts[language].name.trim(),
      description: orNull(form.texts[language].description),
      url: orNull(form.texts[language].url),
    })),
  }
}

/**
 * Everything the form must fix before it is sent: the server's own rules (server/domain/services/rules.ts) on what
 * would be sent, and one rule of the form's own. A language is sent only with its name, so a description or
 * website typed without one would be dropped without a word: that is refused, as the import refuses it.
 */
export function formProblems(form: ServiceForm): FormProblem[] {
  const dropped: FormProblem[] = SERVICE_LANGUAGES.filter((language) => {
    const texts = form.texts[language]
    return texts.name.trim() === '' && (texts.description.trim() !== '' || texts.url.trim() !== '')
  }).map((language) => ({
    rule: 'name_for_texts',
    field: `name_${language}`,
    text: `description_${language} or url_${language} given without name_${language}`,
  }))
  return [...dropped, ...serviceFieldProblems(inputFromForm(form))]
}

/**
 * The problems a 400 answer names: the server checks the same rules, so its message is made of texts these
 * problems carry. The form then shows them at their fields, in the user's language.
 */
export function problemsInAnswer(form: ServiceForm, message: string): ServiceProblem[] {
  const parts = new Set(message.split('; '))
  return serviceFieldProblems(inputFromForm(form)).filter((problem) => parts.has(problem.text))
}

/** The first problem of each field: what is shown under it. */
export function problemsByField(problems: readonly FormProblem[]): Map<string, FormProblem> {
  const byField = new Map<string, FormProblem>()
  for (const problem of problems) if (!byField.has(problem.field)) byField.set(problem.field, problem)
  return byField
}

/** Lower case without accents, so "pyora" finds "Pyörä" and "cafe" finds "Café". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * The services a search finds: every word of it appears in a name (any language), the address or the category's
 * name (as the admin reads it). An empty search finds all. Keeps the order.
 */
export function searchServices(
  services: readonly Service[],
  query: string,
  categoryName: (category: ServiceCategory) => string,
): Service[] {
  const words = folded(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...services]
  return services.filter((service) => {
    const haystack = folded(
      [...service.localizations.map((l) => l.name), service.address ?? '', categoryName(service.category)].join(' '),
    )
    return words.every((word) => haystack.includes(word))
  })
}
