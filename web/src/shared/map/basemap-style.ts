import type { FeatureLike } from 'ol/Feature'
import { Fill, Stroke, Style, Text } from 'ol/style'

/**
 * The basemap's look (docs/adr/0023-a-map-of-our-own.md): one style function for the layers of the Protomaps basemap
 * schema, which the embedded archive (earth, water, boundaries, places) and a Protomaps extract of Finland (those and
 * landuse, roads, buildings) share. Colours are the app's tokens (map.css `--map-*`, light and dark), read by
 * `readBasemapPalette`; everything not listed here (points of interest, transit, ...) is not drawn: the map is a
 * background for the markers, not a map to navigate by.
 */

export interface BasemapPalette {
  water: string
  land: string
  park: string
  road: string
  majorRoad: string
  building: string
  border: string
  label: string
  halo: string
}

/** The light theme, for tokens that cannot be read (they never should be missing). */
export const LIGHT_PALETTE: BasemapPalette = {
  water: '#b9d3ee',
  land: '#f1f4f8',
  park: '#dcebd9',
  road: '#ffffff',
  majorRoad: '#f6dd8b',
  building: '#e1e5eb',
  border: '#6b7686',
  label: '#3b4552',
  halo: '#ffffff',
}

const TOKENS: Record<keyof BasemapPalette, string> = {
  water: '--map-water',
  land: '--map-land',
  park: '--map-park',
  road: '--map-road',
  majorRoad: '--map-major-road',
  building: '--map-building',
  border: '--map-border',
  label: '--map-label',
  halo: '--map-label-halo',
}

/**
 * The palette of the current colour scheme, from map.css's custom properties as `element` sees them. A probe
 * element resolves each (a token may be a var() of another or a color-mix()), and a pixel painted with it gives
 * plain rgb(), which every part of OpenLayers reads.
 */
export function readBasemapPalette(element: Element): BasemapPalette {
  const probe = document.createElement('span')
  probe.hidden = true
  element.append(probe)
  const context = document.createElement('canvas').getContext('2d', { willReadFrequently: true })
  try {
    const palette = { ...LIGHT_PALETTE }
    if (!context) return palette
    for (const key of Object.keys(TOKENS) as (keyof BasemapPalette)[]) {
      if (getComputedStyle(element).getPropertyValue(TOKENS[key]).trim() === '') continue
      probe.style.color = `var(${TOKENS[key]})`
      context.clearRect(0, 0, 1, 1)
      context.fillStyle = getComputedStyle(probe).color
      context.fillRect(0, 0, 1, 1)
      const [r, g, b] = context.getImageData(0, 0, 1, 1).data
      palette[key] = `rgb(${r}, ${g}, ${b})`
    }
    return palette
  } finally {
    probe.remove()
  }
}

/** The zoom level of a resolution in the web map projection (metres per pixel at zoom 0 over 2^zoom). */
const zoomOf = (resolution: number) => Math.log2(156_543.033_928_041 / resolution)

const LABEL_FONT = '600 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'

interface Styles {
  earth: Style
  water: Style
  park: Style
  building: Style
  country: Style
  region: Style
  road: (width: number, major: boolean) => Style
  label: (minZoom: number) => Style
}

function stylesFor(palette: BasemapPalette): Styles {
  const roads = new Map<string, Style>()
  const labels = new Map<number, Style>()
  return {
    earth: new Style({ fill: new Fill({ color: palette.land }) }),
    water: new Style({ fill: new Fill({ color: palette.water }) }),
    park: new Style({ fill: new Fill({ color: palette.park }) }),
    building: new Style({ fill: new Fill({ color: palette.building }) }),
    country: new Style({ stroke: new Stroke({ color: palette.border, width: 1.5, lineDash: [6, 4] }) }),
    region: new Style({ stroke: new Stroke({ color: palette.border, width: 0.75, lineDash: [3, 3] }) }),
    road(width, major) {
      const key = `${width}:${major}`
      let style = roads.get(key)
      if (!style) {
        style = new Style({ stroke: new Stroke({ color: major ? palette.majorRoad : palette.road, width }) })
        roads.set(key, style)
      }
      return style
    },
    // Decluttering keeps the labels of the higher z-index: a capital's name wins over a suburb's beside it.
    label(minZoom) {
      let style = labels.get(minZoom)
      if (!style) {
        style = new Style({
          zIndex: 30 - minZoom,
          text: new Text({
            font: LABEL_FONT,
            fill: new Fill({ color: palette.label }),
            stroke: new Stroke({ color: palette.halo, width: 3 }),
            overflow: true,
          }),
        })
        labels.set(minZoom, style)
      }
      return style
    },
  }
}

/** Road widths by kind and zoom: highways from zoom 6, other roads as the map closes in, paths last. */
function roadWidth(kind: unknown, zoom: number): number | null {
  if (kind === 'highway') return zoom < 6 ? null : zoom < 10 ? 1.5 : zoom < 14 ? 3 : 5
  if (kind === 'major_road') return zoom < 8 ? null : zoom < 12 ? 1 : zoom < 15 ? 2.5 : 4
  if (kind === 'minor_road') return zoom < 12 ? null : zoom < 15 ? 1 : 2.5
  if (kind === 'path') return zoom < 14 ? null : 1
  return null
}

const PARK_KINDS = new Set(['park', 'forest', 'wood', 'nature_reserve', 'national_park', 'protected_area', 'grass'])

/**
 * The basemap's style function over a palette that may change (light and dark): `setPalette` swaps it, then the
 * layer is redrawn. Styles are made once per palette and shared by every feature.
 */
export function basemapStyle(initial: BasemapPalette): {
  style: (feature: FeatureLike, resolution: number) => Style | Style[] | undefined
  setPalette: (palette: BasemapPalette) => void
} {
  let styles = stylesFor(initial)
  const style = (feature: FeatureLike, resolution: number): Style | undefined => {
    const kind = feature.get('kind') as unknown
    switch (feature.get('layer')) {
      case 'earth':
        return styles.earth
      case 'water':
        return feature.getGeometry()?.getType().endsWith('Polygon') ? styles.water : undefined
      case 'landuse':
      case 'landcover':
        return PARK_KINDS.has(String(kind)) ? styles.park : undefined
      case 'buildings':
        return zoomOf(resolution) >= 15 ? styles.building : undefined
      case 'roads': {
        const zoom = zoomOf(resolution)
        const width = roadWidth(kind, zoom)
        return width === null ? undefined : styles.road(width, kind === 'highway')
      }
      case 'boundaries':
        if (kind === 'country') return styles.country
        return kind === 'region' && zoomOf(resolution) >= 5 ? styles.region : undefined
      case 'places': {
        const name = feature.get('name') as unknown
        const minZoom = Number(feature.get('min_zoom') ?? 0)
        if (typeof name !== 'string' || zoomOf(resolution) + 0.5 < minZoom) return undefined
        if (kind !== 'locality' && kind !== 'country') return undefined
        const label = styles.label(minZoom)
        label.getText()?.setText(name)
        return label
      }
      default:
        return undefined
    }
  }
  return {
    style,
    setPalette(palette) {
      styles = stylesFor(palette)
    },
  }
}
