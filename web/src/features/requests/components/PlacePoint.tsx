import { useLingui } from '@lingui/react'
import { lazy, Suspense, useId, useState } from 'react'
import type { Coordinates } from '#shared/api/types.ts'
import { messages } from '#shared/i18n/catalog.ts'
import { MapErrorBoundary } from '#shared/map/MapErrorBoundary.tsx'
import { distanceKm } from '../distance.ts'
import { placePointMessages } from '../place-point-catalog.ts'
import { withTexts } from '#shared/i18n/catalog-loader.ts'
import './PlacePoint.css'

// OpenLayers comes with this chunk, only once the user opens the map.
const RequestPointMap = lazy(withTexts('point-map', () => import('./RequestPointMap.tsx')))

export interface PlacePointProps {
  /** The phone's position: where the point starts and what a moved point is measured from. */
  position: Coordinates
  /** The point the user placed, or null for the phone's position. */
  placed: Coordinates | null
  onChange: (placed: Coordinates | null) => void
}

/**
 * "Adjust the point on the map" (docs/product.md#help-requests): a map, opened on demand, where the owner drags the
 * request's point to where they are, since a phone's position is often 50-500 m off. Keyboards and screen readers
 * keep the phone's position; the map is an addition, never the only way to send.
 */
export function PlacePoint({ position, placed, onChange }: PlacePointProps) {
  const { i18n } = useLingui()
  const [open, setOpen] = useState(false)
  const mapId = useId()
  const movedMetres = placed ? Math.round(distanceKm(position, placed) * 1000) : 0
  return (
    <div className="place-point">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={mapId}
        onClick={() => setOpen(!open)}
      >
        {i18n._(open ? placePointMessages.hidepointmap : placePointMessages.adjustpoint)}
      </button>
      <div id={mapId} hidden={!open}>
        {open && (
          <>
            <p className="field__hint">{i18n._(placePointMessages.placepointhint)}</p>
            <MapErrorBoundary
              fallback={
                <p className="map-error" role="alert">
                  {i18n._(messages.failedtoloadmap)}
                </p>
              }
            >
              <Suspense fallback={<div className="single-map" />}>
                <RequestPointMap
                  point={placed ?? position}
                  own={position}
                  onPick={onChange}
                  label={i18n._(placePointMessages.placepointmap)}
                />
              </Suspense>
            </MapErrorBoundary>
          </>
        )}
      </div>
      {placed && (
        <p className="place-point__moved" role="status">
          <span>{i18n._(placePointMessages.pointmoved.id, { distance: movedMetres })}</span>
          <button type="button" className="button button--secondary" onClick={() => onChange(null)}>
            {i18n._(placePointMessages.usephoneposition)}
          </button>
        </p>
      )}
    </div>
  )
}
