import { useLingui } from '@lingui/react'
import type { CSSProperties } from 'react'
import { type HelpRequest, type RequestStatus, cardMessages, statusNames } from '#features/requests'
import { lonLat } from '#shared/map/common-layers.ts'
import { MapView } from '#shared/map/MapView.tsx'
import { DEFAULT_CENTER, DEFAULT_ZOOM } from '#features/services'
import { useFitToRequests, useRequestMarkers } from './live-map-layers.ts'
import { liveMessages } from './live-catalog.ts'
import { useStatusColors, type StatusColors } from './status-colors.ts'
import type { Flash } from './useLiveChanges.ts'

export interface LiveMapProps {
  requests: readonly HelpRequest[]
  flashes: ReadonlyMap<number, Flash>
  onOpen: (id: number) => void
  /** Changes when the admin picks other filters: the view is fitted again, even after the map was moved. */
  filtersKey: string
}

/**
 * The dashboard's map of all shown requests, in its own chunk with OpenLayers: MapView's one map and tiles, the
 * requests' markers and the fitted view as hooks that remove what they add, and a legend of what the marks mean.
 */
export default function LiveMap({ requests, flashes, onOpen, filtersKey }: LiveMapProps) {
  const { i18n } = useLingui()
  const colors = useStatusColors()
  return (
    <>
      <MapView
        initialView={() => ({ center: lonLat(DEFAULT_CENTER), zoom: DEFAULT_ZOOM })}
        className="live-map"
        label={i18n._(liveMessages.adminrequestsmap)}
      >
        <LiveMapLayers requests={requests} flashes={flashes} onOpen={onOpen} filtersKey={filtersKey} colors={colors} />
      </MapView>
      <Legend colors={colors} />
    </>
  )
}

function LiveMapLayers({ requests, flashes, onOpen, filtersKey, colors }: LiveMapProps & { colors: StatusColors }) {
  useRequestMarkers(requests, colors, flashes, onOpen)
  useFitToRequests(requests, filtersKey)
  return null
}

function Legend({ colors }: { colors: StatusColors }) {
  const { i18n } = useLingui()
  const mark = (color: string) => ({ '--mark-color': color }) as CSSProperties
  return (
    <ul className="map-legend" aria-label={i18n._(cardMessages.maplegend)}>
      {(Object.keys(statusNames) as RequestStatus[]).map((status) => (
        <li key={status}>
          <span className="map-legend__mark" style={mark(colors[status])} aria-hidden="true" />
          {i18n._(statusNames[status])}
        </li>
      ))}
      <li>
        <span className="map-legend__mark live-legend__test" style={mark(colors.new)} aria-hidden="true" />
        {i18n._(liveMessages.adminlegendtest)}
      </li>
      <li>
        <span className="map-legend__mark map-legend__mark--area" style={mark(colors.new)} aria-hidden="true" />
        {i18n._(cardMessages.legendarea)}
      </li>
    </ul>
  )
}
