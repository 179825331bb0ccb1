import { useLingui } from '@lingui/react'
import { lazy, Suspense, useId, type ReactNode } from 'react'
import { SERVICE_CATEGORIES, type ServiceLanguage, serviceCategoryNames, serviceMessages } from '#features/services'
import { FieldErrorMessage } from '#shared/form/FieldErrorMessage.tsx'
import { TextField } from '#shared/form/TextField.tsx'
import { MapErrorBoundary } from '#shared/map/MapErrorBoundary.tsx'
import { messages } from '#shared/i18n/catalog.ts'
import { languageNames } from '#shared/i18n/shell-catalog.ts'
import {
  FIELD_MAX,
  formatCoordinate,
  parseCoordinate,
  SERVICE_DESCRIPTION_MAX,
  SERVICE_NAME_MAX,
  type FormProblem,
  type ServiceForm,
  type ServiceTexts,
} from './service-form.ts'
import { RULE_MESSAGES, servicesAdminMessages } from './services-admin-catalog.ts'
import { OPENING_HOURS_EXAMPLE } from '#server/domain/services/opening-hours.ts'
import { withTexts } from '#shared/i18n/catalog-loader.ts'

// OpenLayers comes with the map's own chunk, only once the form is opened.
const PointPickerMap = lazy(withTexts('point-picker', () => import('./PointPickerMap.tsx')))

const LANGUAGE_NAMES = { fi: languageNames.finnish, sv: languageNames.swedish, en: languageNames.english } as const
/** The form's order: Finnish first, the product's main language. */
const FORM_LANGUAGES: readonly ServiceLanguage[] = ['fi', 'sv', 'en']

interface ServiceFormFieldsProps {
  form: ServiceForm
  onChange: (form: ServiceForm) => void
  /** The problem shown under each field, by the rules' field names. */
  problems: ReadonlyMap<string, FormProblem>
}

/**
 * Every field of a service (docs/product.md#service-map), each with its rule's message under it in the user's language.
 */
export function ServiceFormFields({ form, onChange, problems }: ServiceFormFieldsProps) {
  const { i18n } = useLingui()
  const errorOf = (field: string) => {
    const problem = problems.get(field)
    return problem ? i18n._(RULE_MESSAGES[problem.rule]) : null
  }
  const set = <K extends keyof ServiceForm>(key: K, value: ServiceForm[K]) => onChange({ ...form, [key]: value })
  const setTexts = (language: ServiceLanguage, texts: Partial<ServiceTexts>) =>
    onChange({ ...form, texts: { ...form.texts, [language]: { ...form.texts[language], ...texts } } })
  const latitude = parseCoordinate(form.latitude)
  const longitude = parseCoordinate(form.longitude)
  const point =
    Number.isFinite(latitude) && Number.isFinite(longitude) && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180
      ? { latitude, longitude }
      : null

  return (
    <>
      <CategoryField
        value={form.category}
        onChange={(category) => set('category', category)}
        error={errorOf('category')}
      />
      <label className="checkbox">
        <input type="checkbox" checked={form.certified} onChange={(event) => set('certified', event.target.checked)} />
        {i18n._(serviceMessages.certified)}
      </label>

      <fieldset className="service-form__group">
        <legend className="service-form__legend">{i18n._(servicesAdminMessages.servicelocation)}</legend>
        <p className="field__hint">{i18n._(servicesAdminMessages.servicelocationhint)}</p>
        <MapErrorBoundary
          fallback={
            <p className="map-error" role="alert">
              {i18n._(messages.failedtoloadmap)}
            </p>
          }
        >
          <Suspense fallback={<div className="single-map point-picker-map" />}>
            <PointPickerMap
              point={point}
              category={form.category || null}
              label={i18n._(servicesAdminMessages.pickpointmap)}
              onPick={(picked) =>
                onChange({
                  ...form,
                  latitude: formatCoordinate(picked.latitude),
                  longitude: formatCoordinate(picked.longitude),
                })
              }
            />
          </Suspense>
        </MapErrorBoundary>
        <div className="service-form__coordinates">
          <TextField
            label={i18n._(servicesAdminMessages.servicelatitude)}
            inputMode="decimal"
            autoComplete="off"
            value={form.latitude}
            onChange={(event) => set('latitude', event.target.value)}
            error={errorOf('latitude')}
          />
          <TextField
            label={i18n._(servicesAdminMessages.servicelongitude)}
            inputMode="decimal"
            autoComplete="off"
            value={form.longitude}
            onChange={(event) => set('longitude', event.target.value)}
            error={errorOf('longitude')}
          />
        </div>
      </fieldset>

      <TextField
        label={i18n._(serviceMessages.address)}
        autoComplete="off"
        maxLength={FIELD_MAX.address}
        value={form.address}
        onChange={(event) => set('address', event.target.value)}
        error={errorOf('address')}
      />
      <TextField
        label={i18n._(serviceMessages.servicephone)}
        type="tel"
        autoComplete="off"
        maxLength={FIELD_MAX.phone}
        value={form.phone}
        onChange={(event) => set('phone', event.target.value)}
        error={errorOf('phone')}
      />
      <TextField
        label={i18n._(serviceMessages.openinghours)}
        hint={i18n._(servicesAdminMessages.openinghourshint.id, { example: OPENING_HOURS_EXAMPLE })}
        autoComplete="off"
        spellCheck={false}
        maxLength={FIELD_MAX.opening_hours}
        value={form.opening_hours}
        onChange={(event) => set('opening_hours', event.target.value)}
        error={errorOf('opening_hours')}
      />
      <TextField
        label={i18n._(servicesAdminMessages.logourl)}
        type="url"
        autoComplete="off"
        maxLength={FIELD_MAX.logo_url}
        value={form.logo_url}
        onChange={(event) => set('logo_url', event.target.value)}
        error={errorOf('logo_url')}
      />
      <TextField
        label={i18n._(servicesAdminMessages.externalid)}
        hint={i18n._(servicesAdminMessages.externalidhint)}
        autoComplete="off"
        maxLength={FIELD_MAX.external_id}
        value={form.external_id}
        onChange={(event) => set('external_id', event.target.value)}
        error={errorOf('external_id')}
      />

      <fieldset className="service-form__group">
        <legend className="service-form__legend">{i18n._(servicesAdminMessages.servicetexts)}</legend>
        <p className="field__hint">{i18n._(servicesAdminMessages.servicetextshint)}</p>
        {FORM_LANGUAGES.map((language) => (
          <fieldset key={language} className="service-form__language" lang={language}>
            <legend className="service-form__legend service-form__legend--small">
              {i18n._(LANGUAGE_NAMES[language])}
            </legend>
            <TextField
              label={i18n._(servicesAdminMessages.servicename)}
              autoComplete="off"
              maxLength={SERVICE_NAME_MAX}
              value={form.texts[language].name}
              onChange={(event) => setTexts(language, { name: event.target.value })}
              // "A name in at least one language" belongs to no one language: it is shown at the first.
              error={errorOf(`name_${language}`) ?? (language === FORM_LANGUAGES[0] ? errorOf('name') : null)}
            />
            <TextAreaField
              label={i18n._(servicesAdminMessages.servicedescription)}
              maxLength={SERVICE_DESCRIPTION_MAX}
              value={form.texts[language].description}
              onChange={(description) => setTexts(language, { description })}
              error={errorOf(`description_${language}`)}
            />
            <TextField
              label={i18n._(servicesAdminMessages.servicewebsite)}
              type="url"
              autoComplete="off"
              maxLength={FIELD_MAX.url}
              value={form.texts[language].url}
              onChange={(event) => setTexts(language, { url: event.target.value })}
              error={errorOf(`url_${language}`)}
            />
          </fieldset>
        ))}
      </fieldset>
    </>
  )
}

function CategoryField({
  value,
  onChange,
  error,
}: {
  value: ServiceForm['category']
  onChange: (category: ServiceForm['category']) => void
  error: string | null
}) {
  const { i18n } = useLingui()
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {i18n._(serviceMessages.servicecategory)}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value as ServiceForm['category'])}
      >
        <option value="">{i18n._(servicesAdminMessages.choosecategory)}</option>
        {SERVICE_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {i18n._(serviceCategoryNames[category])}
          </option>
        ))}
      </select>
      <FieldErrorMessage id={`${id}-error`} text={error} />
    </div>
  )
}

function TextAreaField({
  label,
  value,
  onChange,
  error,
  maxLength,
}: {
  label: ReactNode
  value: string
  onChange: (value: string) => void
  error: string | null
  maxLength: number
}) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="input textarea"
        rows={3}
        maxLength={maxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldErrorMessage id={`${id}-error`} text={error} />
    </div>
  )
}
