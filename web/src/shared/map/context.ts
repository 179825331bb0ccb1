import { createContext, useContext } from 'react'
import type OlMap from 'ol/Map'

/** The one OpenLayers map of a map view; its layer and interaction hooks read it from here (STYLE: Maps). */
export const MapContext = createContext<OlMap | null>(null)

export function useMap(): OlMap {
  const map = useContext(MapContext)
  if (!map) throw new Error('useMap() outside a <MapContext.Provider>')
  return map
}
