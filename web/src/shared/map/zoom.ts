import { useLingui } from '@lingui/react'
import { useEffect } from 'react'
import type OlMap from 'ol/Map'
import Zoom from 'ol/control/Zoom'

export const zoomMessages = {
  zoomin: /*i18n*/ { id: 'zoomin', message: 'Zoom in' },
  zoomout: /*i18n*/ { id: 'zoomout', message: 'Zoom out' },
}

/**
 * OpenLayers' zoom buttons with their tooltips (and accessible names) in the UI language: OpenLayers' own are
 * English, and a control cannot be relabelled, so a language change swaps in a new one. Create the map with
 * `defaultControls({ zoom: false })`.
 */
export function useLocalizedZoom(map: OlMap | null): void {
  const { i18n } = useLingui()
  const zoomIn = i18n._(zoomMessages.zoomin)
  const zoomOut = i18n._(zoomMessages.zoomout)
  useEffect(() => {
    if (!map) return
    const zoom = new Zoom({ zoomInTipLabel: zoomIn, zoomOutTipLabel: zoomOut })
    map.addControl(zoom)
    // First in the control layer, as OpenLayers' default one is: Tab reaches the zoom before the attribution.
    const element = map.getViewport()?.querySelector('.ol-zoom')
    element?.parentElement?.prepend(element)
    return () => {
      map.removeControl(zoom)
    }
  }, [map, zoomIn, zoomOut])
}
