import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import TileLayer from 'ol/layer/Tile'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import XYZ from 'ol/source/XYZ'
import { fromLonLat } from 'ol/proj'
import { unByKey } from 'ol/Observable'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import type { Coordinates, MapConfig } from '../api/types.ts'
import { useMap } from './context.ts'
import { statusAwareTileLoader } from './tiles.ts'
import { trackTileHealth } from './tile-health.ts'
import { basemapLayer } from './basemap.ts'

/** The layer hooks both maps use: tiles, the user's own position, and whether the user has moved the map. */

/** The user's own position. */
export const OWN_POSITION_COLOR = '#0b57b0'

export const lonLat = ({ latitude, longitude }: Coordinates) => fromLonLat([longitude, latitude])

export interface TileReports {
  /** Tiles answered 401 or 403: the AuthFailure panel. */
  onAuthFailure: () => void
  /** Tiles stopped or started loading again (tile-health.ts): the "Map tiles could not be loaded" notice. */
  onFailingChange: (failing: boolean) => void
}

/**
 * The configured background: the server's basemap (vector tiles, basemap.ts), or raster tiles of the tile service
 * TILE_URL names. Runs of failed tiles are reported for both; a refused API key only a tile service can report.
 */
export function useTileLayer(config: MapConfig, reports: TileReports): void {
  const map = useMap()
  // The latest callbacks without rebuilding the tile source when the parent passes new ones.
  const authFailure = useEffectEvent(reports.onAuthFailure)
  const failingChange = useEffectEvent(reports.onFailingChange)
  // Rebuilt only when a value changes: a refetched /api/config with the same answer keeps the layer.
  const { kind, tileUrl, attribution, maxZoom } = config
  useEffect(() => {
    const tiles = { kind, tileUrl, attribution, maxZoom }
    const { layer, source, dispose } =
      kind === 'vector' ? basemapLayer(map, tiles) : rasterLayer(tiles, () => authFailure())
    const health = trackTileHealth((failing) => failingChange(failing))
    const keys = [source.on('tileloadend', () => health.loaded()), source.on('tileloaderror', () => health.failed())]
    map.getLayers().insertAt(0, layer)
    return () => {
      unByKey(keys)
      map.removeLayer(layer)
      dispose()
      source.dispose()
    }
  }, [map, kind, tileUrl, attribution, maxZoom])
}

function rasterLayer(config: MapConfig, onAuthFailure: () => void) {
  const source = new XYZ({
    url: config.tileUrl,
    attributions: config.attribution,
    crossOrigin: null,
    tileLoadFunction: statusAwareTileLoader(onAuthFailure),
  })
  return { layer: new TileLayer({ source }), source, dispose: () => {} }
}

const ownStyle = new Style({
  image: new CircleStyle({
    radius: 9,
    fill: new Fill({ color: OWN_POSITION_COLOR }),
    stroke: new Stroke({ color: '#ffffff', width: 3 }),
  }),
})

/**
 * A vector source on its own layer, on the map while the calling component is mounted. Create the source and its
 * features once (useState) and change their geometry in place: a new position moves a feature, never the layer.
 */
export function useVectorLayer(source: VectorSource, zIndex = 0, className?: string): void {
  const map = useMap()
  useEffect(() => {
    const layer = new VectorLayer({ source, zIndex, className })
    map.addLayer(layer)
    return () => {
      map.removeLayer(layer)
    }
  }, [map, source, zIndex, className])
}

/**
 * The own position's layer draws on a canvas of its own (OpenLayers shares one canvas between layers of one class
 * name): decluttered names and cluster counts are drawn after every layer, onto their layer's canvas, so on a
 * shared canvas they would cover the user's dot.
 */
export const OWN_POSITION_LAYER_CLASS = 'ol-layer own-position-layer'

/** The user's own position (location slice), drawn over everything else; while it is unknown, nothing is drawn. */
export function useOwnPosition(position: Coordinates | null): void {
  const [{ own, source }] = useState(() => {
    const own = new Feature()
    own.setStyle(ownStyle)
    return { own, source: new VectorSource({ features: [own] }) }
  })
  useVectorLayer(source, 10, OWN_POSITION_LAYER_CLASS)
  const latitude = position?.latitude
  const longitude = position?.longitude
  useEffect(() => {
    const known = latitude !== undefined && longitude !== undefined
    own.setGeometry(known ? new Point(lonLat({ latitude, longitude })) : undefined)
  }, [own, latitude, longitude])
}

/**
 * Whether the user has dragged or wheeled the map since it was shown: automatic centring and fitting stop then, so
 * they never take the view away from the user.
 */
export function useMovedByUser(): RefObject<boolean> {
  const map = useMap()
  const moved = useRef(false)
  useEffect(() => {
    const key = map.on('pointerdrag', () => {
      moved.current = true
    })
    const wheel = () => {
      moved.current = true
    }
    const viewport = map.getViewport()
    viewport?.addEventListener('wheel', wheel, { passive: true })
    return () => {
      unByKey(key)
      viewport?.removeEventListener('wheel', wheel)
    }
  }, [map])
  return moved
}
