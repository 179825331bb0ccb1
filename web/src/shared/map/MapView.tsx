import { useLingui } from '@lingui/react'
import { useCallback, useState, type ReactNode } from 'react'
import OlMap from 'ol/Map'
import View, { type ViewOptions } from 'ol/View'
import { defaults as defaultControls } from 'ol/control/defaults'
import 'ol/ol.css'
import type { MapConfig } from '../api/types.ts'
import { messages } from '../i18n/catalog.ts'
import { mapMessages } from './map-catalog.ts'
import { useTileLayer, type TileReports } from './common-layers.ts'
import { MapContext } from './context.ts'
import { useMapConfig } from './useMapConfig.ts'
import { useLocalizedZoom } from './zoom.ts'
import { useOnline } from '../hooks/useOnline.ts'
import './map.css'

export interface MapViewProps {
  /** The view the map opens with; read once, when the map is created. */
  initialView: () => ViewOptions
  className: string
  label: string
  /** Components whose hooks add the map's own layers; they are rendered once the tile configuration is known. */
  children: ReactNode
}

/**
 * What both maps share (STYLE: Maps): one OpenLayers `Map` for the life of the view, handed to the layer hooks
 * through MapContext, the configured tiles, the AuthFailure panel when the tile service refuses our key, a notice
 * when tiles fail to load (offline, the tile service down), "Offline map" in a corner while offline, and a message
 * instead of the map when it cannot be shown.
 */
export function MapView({ initialView, className, label, children }: MapViewProps) {
  const { i18n } = useLingui()
  const config = useMapConfig()
  const [map] = useState(() => createMap(initialView()))
  const [authFailed, setAuthFailed] = useState(false)
  const [tilesFailing, setTilesFailing] = useState(false)
  const online = useOnline()
  useLocalizedZoom(map)
  // A ref callback attaches the map during commit, before the layer hooks' effects run, so fitting a view sees the
  // map's size. Detaching releases its listeners; the map itself is kept, for React may attach the same element again.
  const attach = useCallback(
    (element: HTMLDivElement) => {
      map?.setTarget(element)
      return () => map?.setTarget(undefined)
    },
    [map],
  )

  if (config === 'failed' || !map)
    return (
      <p className="map-error" role="alert">
        {i18n._(messages.failedtoloadmap)}
      </p>
    )
  return (
    <div className="map-frame">
      {authFailed && (
        <div className="map-auth-failure" role="alert">
          <h3 className="map-auth-failure__title">{i18n._(mapMessages.authfailuretitle)}</h3>
          <p>{i18n._(mapMessages.authfailuretext)}</p>
        </div>
      )}
      {tilesFailing && !authFailed && (
        <p className="map-notice map-notice--bottom" role="status">
          {i18n._(mapMessages.tilesfailed)}
        </p>
      )}
      {/* Offline the basemap draws from the tiles the phone keeps (docs/pwa.md, "The kept map"): said in a corner. */}
      {!online && config !== null && config.kind === 'vector' && (
        <p className="map-badge" role="status">
          {i18n._(mapMessages.offlinemap)}
        </p>
      )}
      <div ref={attach} className={className} role="group" aria-label={label} />
      {config && (
        <MapContext.Provider value={map}>
          <Tiles config={config} onAuthFailure={() => setAuthFailed(true)} onFailingChange={setTilesFailing} />
          {children}
        </MapContext.Provider>
      )}
    </div>
  )
}

function Tiles({ config, ...reports }: { config: MapConfig } & TileReports) {
  useTileLayer(config, reports)
  return null
}

/** The map with its view and OpenLayers' attribution; zoom buttons come from useLocalizedZoom. Null if it fails. */
function createMap(view: ViewOptions): OlMap | null {
  try {
    return new OlMap({
      view: new View(view),
      controls: defaultControls({ zoom: false, rotate: false, attributionOptions: { collapsible: false } }),
    })
  } catch (error) {
    console.error('Creating the map failed', error)
    return null
  }
}
