import { useEffect, useEffectEvent, useRef, useState } from 'react'
import Feature, { type FeatureLike } from 'ol/Feature'
import Point from 'ol/geom/Point'
import type Polygon from 'ol/geom/Polygon'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { unByKey } from 'ol/Observable'
import { asArray } from 'ol/color'
import { boundingExtent, createEmpty, extend, isEmpty } from 'ol/extent'
import { getVectorContext } from 'ol/render'
import { Circle as CircleStyle, Fill, Stroke, Style } from 'ol/style'
import { type HelpRequest, type RequestStatus, pointOf } from '#features/requests'
import { approximateArea, HIDE_APPROXIMATE_MARKER_FROM_ZOOM } from '#shared/map/approximate.ts'
import { lonLat, useMovedByUser } from '#shared/map/common-layers.ts'
import { useMap } from '#shared/map/context.ts'
import { DEFAULT_CENTER, DEFAULT_ZOOM, HIT_TOLERANCE_PX, pointerCursorOver } from '#features/services'
import type { StatusColors } from './status-colors.ts'
import type { Flash } from './useLiveChanges.ts'

/** The layer's name, for tests that look for its features. */
export const REQUESTS_LAYER = 'admin-requests'
const MARKER_RADIUS_PX = 9
const TEST_RING_RADIUS_PX = 14
const TEST_EDGE = '#10151c'
const FIT_PADDING_PX = 40
/** A single exact request is shown at street level, not at the highest zoom. */
const FIT_MAX_ZOOM = 12
const PULSE_MS = 2000
const PULSE_GROWTH_PX = 22

type Kind = 'marker' | 'area'

/** What a feature stands for: plain data, set once when the list changes. */
interface RequestFeature {
  request_id: number
  status: RequestStatus
  is_test: boolean
  isApproximate: boolean
  kind: Kind
}

const translucent = (color: string, alpha: number) => {
  const [r, g, b] = asArray(color)
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

/** One style per status, test flag and kind, built for the colour scheme's status colours. */
function styleFactory(colors: StatusColors) {
  const styles = new Map<string, Style[]>()
  return ({ status, is_test, kind }: RequestFeature): Style[] => {
    const key = `${kind}|${status}|${is_test}`
    let style = styles.get(key)
    if (style) return style
    const color = colors[status]
    if (kind === 'area') {
      style = [
        new Style({
          fill: new Fill({ color: translucent(color, 0.2) }),
          stroke: new Stroke({ color, width: 2, lineDash: is_test ? [8, 6] : undefined }),
        }),
      ]
    } else {
      const marker = new Style({
        image: new CircleStyle({
          radius: MARKER_RADIUS_PX,
          fill: new Fill({ color }),
          stroke: new Stroke({ color: '#ffffff', width: 3 }),
        }),
      })
      // A test request wears a dashed ring around its marker: seen at a glance, whatever its status colour. The
      // dashes lie on a white ring, so they show on dark and light tiles alike.
      const ring = (color: string, width: number, lineDash?: number[]) =>
        new Style({
          image: new CircleStyle({ radius: TEST_RING_RADIUS_PX, stroke: new Stroke({ color, width, lineDash }) }),
        })
      style = is_test ? [ring('#ffffff', 4), ring(TEST_EDGE, 2.5, [4, 3]), marker] : [marker]
    }
    styles.set(key, style)
    return style
  }
}

/** The features of one request: its marker, and for an approximate location its 2 km circle too. */
function featuresOf(request: HelpRequest): Feature[] {
  const point = pointOf(request)
  if (!point) return []
  const { request_id, status, is_test, isApproximate } = request
  const data = { request_id, status, is_test, isApproximate }
  const marker = new Feature<Point>({ geometry: new Point(lonLat(point)) })
  marker.setProperties({ ...data, kind: 'marker' })
  if (!request.isApproximate) return [marker]
  const area = new Feature<Polygon>({ geometry: approximateArea(point) })
  area.setProperties({ ...data, kind: 'area' })
  return [area, marker]
}

const dataOf = (feature: FeatureLike) => feature.getProperties() as RequestFeature

/**
 * The requests as markers coloured by status (approximate ones as their circle, test ones with a dashed edge); a
 * click on one opens it. The list stays the keyboard and screen-reader path to the same requests.
 */
export function useRequestMarkers(
  requests: readonly HelpRequest[],
  colors: StatusColors,
  flashes: ReadonlyMap<number, Flash>,
  onOpen: (id: number) => void,
): void {
  const map = useMap()
  const open = useEffectEvent(onOpen)
  const [source] = useState(() => new VectorSource())
  const [layer] = useState(() => new VectorLayer({ source, properties: { name: REQUESTS_LAYER } }))
  // The pulse reads the latest flashes and colours at each frame it draws, without re-adding the layer's listener.
  const pulses = useRef({ flashes, colors })

  useEffect(() => {
    map.addLayer(layer)
    const keys = [
      map.on('click', (event) => {
        const id = map.forEachFeatureAtPixel(event.pixel, (feature) => dataOf(feature).request_id, {
          hitTolerance: HIT_TOLERANCE_PX,
          layerFilter: (candidate) => candidate === layer,
        })
        if (id !== undefined) open(id)
      }),
      pointerCursorOver(map, layer),
      layer.on('postrender', (event) => {
        if (drawPulses(event, source, pulses.current.flashes, pulses.current.colors)) map.render()
      }),
    ]
    return () => {
      unByKey(keys)
      map.removeLayer(layer)
    }
  }, [map, layer, source])

  useEffect(() => {
    const styleOf = styleFactory(colors)
    const hideFrom = map.getView().getResolutionForZoom(HIDE_APPROXIMATE_MARKER_FROM_ZOOM)
    layer.setStyle((feature, resolution) => {
      const data = dataOf(feature)
      // As on the request's own map: once its circle is big enough, an approximate request's dot would mislead.
      if (data.kind === 'marker' && data.isApproximate && resolution <= hideFrom) return undefined
      return styleOf(data)
    })
  }, [map, layer, colors])

  useEffect(() => {
    source.clear(true)
    source.addFeatures(requests.flatMap(featuresOf))
  }, [source, requests])

  useEffect(() => {
    pulses.current = { flashes, colors }
    if (flashes.size > 0) map.render()
  }, [map, flashes, colors])
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/**
 * A ring that grows and fades around each marker that changed in the last two seconds (OpenLayers' "flash"
 * pattern: drawn after the layer, asking for the next frame while a pulse runs). None under reduced motion: the
 * new colour and the row's highlight tell the change. True while a pulse still runs.
 */
function drawPulses(
  event: Parameters<typeof getVectorContext>[0],
  source: VectorSource,
  flashes: ReadonlyMap<number, Flash>,
  colors: StatusColors,
): boolean {
  if (flashes.size === 0 || reducedMotion()) return false
  const now = Date.now()
  const context = getVectorContext(event)
  let running = false
  for (const feature of source.getFeatures()) {
    const data = dataOf(feature)
    const flash = flashes.get(data.request_id)
    if (!flash || data.kind !== 'marker') continue
    const progress = (now - flash.at) / PULSE_MS
    if (progress < 0 || progress >= 1) continue
    running = true
    context.setStyle(
      new Style({
        image: new CircleStyle({
          radius: MARKER_RADIUS_PX + PULSE_GROWTH_PX * progress,
          stroke: new Stroke({ color: translucent(colors[data.status], 1 - progress), width: 3 }),
        }),
      }),
    )
    context.drawGeometry(feature.getGeometry()!)
  }
  return running
}

/**
 * The view fitted to every shown request (all of an approximate circle), or Finland when none has a location. It
 * follows new requests until the user moves the map; a new choice of filters (`filtersKey`) fits it again anyway.
 */
export function useFitToRequests(requests: readonly HelpRequest[], filtersKey: string): void {
  const map = useMap()
  const movedRef = useMovedByUser()
  const fittedFor = useRef(filtersKey)
  // The places shown, as a key: a status change recolours but does not move the view.
  const places = requests
    .filter((request) => pointOf(request))
    .map((r) => `${r.latitude},${r.longitude},${r.isApproximate ? 1 : 0}`)
    .sort()
    .join(';')
  useEffect(() => {
    if (fittedFor.current !== filtersKey) {
      fittedFor.current = filtersKey
      movedRef.current = false
    }
    if (movedRef.current) return
    const extent = createEmpty()
    for (const place of places ? places.split(';') : []) {
      const [latitude, longitude, approximate] = place.split(',').map(Number) as [number, number, number]
      const point = { latitude, longitude }
      extend(extent, approximate ? approximateArea(point).getExtent() : boundingExtent([lonLat(point)]))
    }
    const view = map.getView()
    if (isEmpty(extent)) {
      view.setCenter(lonLat(DEFAULT_CENTER))
      view.setZoom(DEFAULT_ZOOM)
      return
    }
    view.fit(extent, { padding: Array<number>(4).fill(FIT_PADDING_PX), maxZoom: FIT_MAX_ZOOM })
  }, [map, movedRef, places, filtersKey])
}
