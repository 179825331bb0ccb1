import { Type, type Static } from '@sinclair/typebox'
import { SERVICE_CATEGORIES, SERVICE_LANGUAGES } from '../domain/shared/categories.ts'
import { Nullable } from './common.ts'

/** One language's name, description and web page of a service. */
export const ServiceLocalizationSchema = Type.Object({
  language: Type.Union(SERVICE_LANGUAGES.map((language) => Type.Literal(language))),
  name: Type.String(),
  description: Nullable(Type.String()),
  url: Nullable(Type.String()),
})
export type ServiceLocalization = Static<typeof ServiceLocalizationSchema>

/** A service (docs/product.md#service-map), as GET /api/services answers it: what was stored, without the import id. */
export const ServiceSchema = Type.Object({
  service_id: Type.Integer(),
  category: Type.Union(SERVICE_CATEGORIES.map((category) => Type.Literal(category))),
  latitude: Type.Number(),
  longitude: Type.Number(),
  logo_url: Nullable(Type.String()),
  address: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  certified: Type.Boolean(),
  /** docs/services.md#opening-hours: OpenStreetMap's opening_hours syntax; null when unknown. */
  opening_hours: Nullable(Type.String({ examples: ['Mo-Fr 10:00-18:00; Sa 10:00-15:00'] })),
  localizations: Type.Array(ServiceLocalizationSchema),
})
export type Service = Static<typeof ServiceSchema>

/** A service as an admin edits it: the public fields and the id an import matches it by (null when added by hand). */
export const AdminServiceSchema = Type.Composite([ServiceSchema, Type.Object({ external_id: Nullable(Type.String()) })])
export type AdminService = Static<typeof AdminServiceSchema>
