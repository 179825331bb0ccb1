/** What other features use of services/: the only way in from outside it (docs/architecture.md, "The app's layers"). */
export { CategoryIcon, CertificateIcon } from './CategoryIcon.tsx'
export { SERVICE_CATEGORIES, type Service, type ServiceCategory, type ServiceLanguage } from './api.ts'
export { markerDataUrl } from './categories.ts'
export { serviceCategoryNames, serviceMessages } from './service-catalog.ts'
export { DEFAULT_CENTER, DEFAULT_ZOOM, HIT_TOLERANCE_PX, pointerCursorOver } from './service-layers.ts'
export { pickLocalization, serviceLanguageOf } from './services.ts'
export { useFreshServices } from './useFreshServices.ts'
