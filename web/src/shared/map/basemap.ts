import VectorTileLayer from 'ol/layer/VectorTile'
import MVT from 'ol/format/MVT'
import VectorTileSource from 'ol/source/VectorTile'
import type OlMap from 'ol/Map'
import type { MapConfig } from '../api/types.ts'
import { basemapStyle, LIGHT_PALETTE, readBasemapPalette } from './basemap-style.ts'

/**
 * The server's own basemap (docs/adr/0023-a-map-of-our-own.md): vector tiles from /tiles/{z}/{x}/{y}.mvt, drawn with
 * the app's colours and drawn larger past the archive's highest zoom. On a canvas of its own, below the markers'
 * (OpenLayers shares one canvas between layers of one class name, and decluttered labels are drawn after every
 * layer onto their layer's canvas: on a shared one, town names would cover the markers).
 */
export const BASEMAP_LAYER_CLASS = 'ol-layer basemap-layer'

const DARK = '(prefers-color-scheme: dark)'

export function basemapLayer(
  map: OlMap,
  config: MapConfig,
): { layer: VectorTileLayer; source: VectorTileSource; dispose: () => void } {
  const source = new VectorTileSource({
    format: new MVT(),
    url: config.tileUrl,
    maxZoom: config.maxZoom ?? undefined,
    attributions: config.attribution,
  })
  const { style, setPalette } = basemapStyle(LIGHT_PALETTE)
  const layer = new VectorTileLayer({
    source,
    style,
    declutter: true,
    className: BASEMAP_LAYER_CLASS,
    background: LIGHT_PALETTE.water,
  })
  // The colours follow the scheme: read once the map has its element, again on every switch to light or dark.
  const repaint = () => {
    const element = map.getTargetElement()
    if (!element) return
    const palette = readBasemapPalette(element)
    setPalette(palette)
    layer.setBackground(palette.water)
    layer.changed()
  }
  const scheme = window.matchMedia(DARK)
  scheme.addEventListener('change', repaint)
  const targetKey = map.on('change:target', repaint)
  repaint()
  return {
    layer,
    source,
    dispose() {
      scheme.removeEventListener('change', repaint)
      map.un('change:target', targetKey.listener)
    },
  }
}
