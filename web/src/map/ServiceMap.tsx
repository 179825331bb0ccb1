import { useLingui } from '@lingui/react'
import { useEffect, useRef, useState } from 'react'
import OlMap from 'ol/Map'
import View from 'ol/View'
import { defaults as defaultControls } from 'ol/control/defaults'
import 'ol/ol.css'
import type { Coordinates, MapConfig } from '../api/types.ts'
import { messages } from '../i18n/messages.ts'
import { serviceMessages } from '../i18n/service-messages.ts'
import { MapContext } from './context.ts'
import {
  DEFAULT_CENTER,
  DEFAULT_ZOOM,
  lonLat,
  OWN_POSITION_ZOOM,
  useDefaultView,
  useOwnPosition,
  useServiceMarkers,
  useTileLayer,
  type ServiceMarker,
} from './service-layers.ts'
import { useMapConfig } from './useMapConfig.ts'
import { useLocalizedZoom } from './zoom.ts'
import './map.css'

export interface ServiceMapProps {
  markers: readonly ServiceMarker[]
  position: Coordinates | null
  onSelect: (serviceId: number) => void
}

/**
 * The service map tab's OpenLayers map (SPEC 2), in its own chunk with OpenLayers. One `Map` per view, shared
 * through MapContext; tiles, markers, the own position and the default view are hooks that remove what they add.
 */
export default function ServiceMap({ markers, position, onSelect }: ServiceMapProps) {
  const { i18n } = useLingui()
  const config = useMapConfig()
  const target = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<OlMap | null>(null)
  const [failed, setFailed] = useState(false)
  const [authFailed, setAuthFailed] = useState(false)
  const hasConfig = config !== null && config !== 'failed'
  useLocalizedZoom(map)

  useEffect(() => {
    if (!hasConfig || !target.current) return
    let created: OlMap
    try {
      created = new OlMap({
        target: target.current,
        view: new View({
          center: lonLat(position ?? DEFAULT_CENTER),
          zoom: position ? OWN_POSITION_ZOOM : DEFAULT_ZOOM,
        }),
        controls: defaultControls({ zoom: false, rotate: false, attributionOptions: { collapsible: false } }),
      })
    } catch (error) {
      console.error('Creating the map failed', error)
      setFailed(true)
      return
    }
    setMap(created)
    return () => {
      setMap(null)
      created.setTarget(undefined)
      created.dispose()
    }
    // The first position only: later ones are useDefaultView's.
  }, [hasConfig]) // eslint-disable-line react-hooks/exhaustive-deps

  if (config === 'failed' || failed)
    return (
      <p className="map-error" role="alert">
        {i18n._(messages.failedtoloadmap)}
      </p>
    )
  return (
    <div className="service-map-frame">
      {authFailed && (
        <div className="map-auth-failure" role="alert">
          <h3 className="map-auth-failure__title">{i18n._(serviceMessages.authfailuretitle)}</h3>
          <p>{i18n._(serviceMessages.authfailuretext)}</p>
        </div>
      )}
      <div ref={target} className="service-map" role="group" aria-label={i18n._(serviceMessages.servicemap)} />
      {map && hasConfig && (
        <MapContext.Provider value={map}>
          <ServiceMapLayers
            config={config}
            markers={markers}
            position={position}
            onSelect={onSelect}
            onAuthFailure={() => setAuthFailed(true)}
          />
        </MapContext.Provider>
      )}
    </div>
  )
}

function ServiceMapLayers({
  config,
  markers,
  position,
  onSelect,
  onAuthFailure,
}: ServiceMapProps & { config: MapConfig; onAuthFailure: () => void }) {
  useTileLayer(config, onAuthFailure)
  useServiceMarkers(markers, onSelect)
  useOwnPosition(position)
  useDefaultView(position)
  return null
}
