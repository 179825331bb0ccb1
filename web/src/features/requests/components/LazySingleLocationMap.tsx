import { useLingui } from '@lingui/react'
import { lazy, Suspense, type ComponentProps } from 'react'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { MapErrorBoundary } from '#shared/map/MapErrorBoundary.tsx'

// OpenLayers comes with this chunk, only once a request with a location is shown.
const SingleLocationMap = lazy(withTexts('request-map', () => import('./SingleLocationMap.tsx')))

/**
 * The map of one request (the detail, a share link's page). A map that cannot be fetched (offline before the
 * service worker stored it) says so in its place, and the rest of the screen works on.
 */
export function LazySingleLocationMap(props: ComponentProps<typeof SingleLocationMap>) {
  const { i18n } = useLingui()
  return (
    <MapErrorBoundary
      fallback={
        <p className="map-error" role="alert">
          {i18n._(messages.failedtoloadmap)}
        </p>
      }
    >
      <Suspense fallback={<div className="single-map-placeholder" />}>
        <SingleLocationMap {...props} />
      </Suspense>
    </MapErrorBoundary>
  )
}
