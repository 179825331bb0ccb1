import { useEffect, useEffectEvent, useRef, useState } from 'react'
import Feature from 'ol/Feature'
import Point from 'ol/geom/Point'
import VectorLayer from 'ol/layer/Vector'
import Cluster from 'ol/source/Cluster'
import VectorSource from 'ol/source/Vector'
import { unByKey } from 'ol/Observable'
import { boundingExtent, getHeight, getWidth } from 'ol/extent'
import { toLonLat } from 'ol/proj'
import { Circle as CircleStyle, Fill, Icon, Stroke, Style, Text } from 'ol/style'
import type { FeatureLike } from 'ol/Feature'
import type OlMap from 'ol/Map'
import type BaseLayer from 'ol/layer/Base'
import type { EventsKey } from 'ol/events'
import type { Coordinates } from '#shared/api/types.ts'
import type { ServiceCategory } from './api.ts'
import { markerDataUrl } from './categories.ts'
import { NAMES_ABOVE_ZOOM } from './services.ts'
import { zoomOutExtent, type Box, type XY } from './in-view.ts'
import { lonLat, useMovedByUser } from '#shared/map/common-layers.ts'
import { useMap } from '#shared/map/context.ts'

/** docs/product.md#service-map: zoom 10 on the user's position, else zoom 5 centred on about 63.92, 25.75. */
export const DEFAULT_CENTER: Coordinates = { latitude: 63.92, longitude: 25.75 }
export const DEFAULT_ZOOM = 5
export const OWN_POSITION_ZOOM = 10
/** Clicks this many pixels off a marker still hit it: a 36 px marker becomes a 48 px target. */
export const HIT_TOLERANCE_PX = 6

/** A pointer cursor while the mouse is over one of the layer's features (not while the map is dragged). */
export function pointerCursorOver(map: OlMap, layer: BaseLayer): EventsKey {
  return map.on('pointermove', (event) => {
    if (event.dragging) return
    const hit = map.hasFeatureAtPixel(event.pixel, {
      hitTolerance: HIT_TOLERANCE_PX,
      layerFilter: (candidate) => candidate === layer,
    })
    const element = map.getTargetElement()
    if (element) element.style.cursor = hit ? 'pointer' : ''
  })
}
/** Markers whose centres are closer than this many pixels are drawn as one cluster with a count. */
export const CLUSTER_DISTANCE_PX = 40
/**
 * From this zoom on every service has its own marker again: close neighbours (the 0.00005 degree offsets of
 * services at one address) would otherwise stay one cluster at any zoom. Tapping a cluster zooms at most this far.
 */
export const UNCLUSTERED_FROM_ZOOM = 16
/** Room kept around a tapped cluster's members when the view is fitted to them (clear of the zoom buttons). */
const CLUSTER_FIT_PADDING_PX = 56

/** Plain data for one service marker; the React side computes it (offset position, name in the UI language). */
export interface ServiceMarker {
  service_id: number
  category: ServiceCategory
  name: string
  latitude: number
  longitude: number
}

const iconStyles = new Map<ServiceCategory, Style>()
function iconStyle(category: ServiceCategory): Style {
  let style = iconStyles.get(category)
  if (!style) {
    // An obstacle for decluttering: always drawn, and names keep off it.
    style = new Style({
      image: new Icon({ src: markerDataUrl(category), width: 36, height: 36, declutterMode: 'obstacle' }),
    })
    iconStyles.set(category, style)
  }
  return style
}

// Names are decluttered (the layer's `declutter`): one that would overlap a marker or another name is left out
// until the user zooms in. Markers themselves are always drawn, and names keep off them.
function labelStyle(name: string): Style {
  return new Style({
    text: new Text({
      text: name,
      offsetY: 28,
      font: '600 13px system-ui, sans-serif',
      fill: new Fill({ color: '#10151c' }),
      stroke: new Stroke({ color: '#ffffff', width: 4 }),
    }),
  })
}

/**
 * A cluster: a dark marker with a "stack" glyph, and the number of its services on a yellow badge at its top right.
 * The badge sits off the marker's centre so the count stays readable when the user's dot (drawn on top) covers it.
 */
const CLUSTER_COLOR = '#10151c'
const BADGE_COLOR = '#ffd43b'
const BADGE_OFFSET_PX = 16
const clusterSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="36" height="36" viewBox="-4 -4 32 32">' +
  `<circle cx="12" cy="12" r="14.5" fill="${CLUSTER_COLOR}" stroke="#ffffff" stroke-width="2.5"/>` +
  '<path d="M12 4l8 4-8 4-8-4zM4 12l8 4 8-4M4 16l8 4 8-4" fill="none" stroke="#ffffff" stroke-width="2" ' +
  'stroke-linecap="round" stroke-linejoin="round"/></svg>'
const clusterMarker = new Style({
  image: new Icon({
    src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(clusterSvg)}`,
    width: 36,
    height: 36,
    declutterMode: 'obstacle',
  }),
})
const clusterStyles = new Map<number, Style[]>()
function clusterStyle(count: number): Style[] {
  let styles = clusterStyles.get(count)
  if (!styles) {
    styles = [
      clusterMarker,
      new Style({
        image: new CircleStyle({
          radius: count < 10 ? 10 : 12,
          displacement: [BADGE_OFFSET_PX, BADGE_OFFSET_PX],
          fill: new Fill({ color: BADGE_COLOR }),
          stroke: new Stroke({ color: CLUSTER_COLOR, width: 2 }),
          declutterMode: 'obstacle',
        }),
        text: new Text({
          text: String(count),
          offsetX: BADGE_OFFSET_PX,
          offsetY: -BADGE_OFFSET_PX,
          font: '700 13px system-ui, sans-serif',
          fill: new Fill({ color: CLUSTER_COLOR }),
          declutterMode: 'obstacle',
        }),
      }),
    ]
    clusterStyles.set(count, styles)
  }
  return styles
}

/** The services of a cluster feature (OpenLayers' Cluster source keeps them in its `features` property). */
const membersOf = (cluster: FeatureLike) => cluster.get('features') as Feature<Point>[]

/**
 * One marker per service, in its category's colour and icon, with names only above zoom 8
 * (docs/product.md#service-map); markers that would overlap are drawn as one cluster with a count. A tap on a marker
 * opens its service; a tap on a cluster zooms in to fit its services. The service list stays the keyboard and
 * screen-reader path.
 */
export function useServiceMarkers(markers: readonly ServiceMarker[], onSelect: (serviceId: number) => void): void {
  const map = useMap()
  // The latest callback, without rebuilding the layer when the parent passes a new one.
  const select = useEffectEvent(onSelect)
  const [source] = useState(() => new VectorSource<Feature<Point>>())

  useEffect(() => {
    const view = map.getView()
    const distanceAt = (zoom: number | undefined) => ((zoom ?? 0) >= UNCLUSTERED_FROM_ZOOM ? 0 : CLUSTER_DISTANCE_PX)
    const clusters = new Cluster({ source, distance: distanceAt(view.getZoom()) })
    const labels = new Map<string, Style>()
    const layer = new VectorLayer({
      source: clusters,
      declutter: true,
      style: (feature: FeatureLike, resolution: number) => {
        const members = membersOf(feature)
        if (members.length > 1) return clusterStyle(members.length)
        const service = members[0]!
        const category = service.get('category') as ServiceCategory
        const namesFrom = view.getResolutionForZoom(NAMES_ABOVE_ZOOM)
        if (resolution >= namesFrom) return iconStyle(category)
        const name = service.get('name') as string
        let label = labels.get(name)
        if (!label) labels.set(name, (label = labelStyle(name)))
        return [iconStyle(category), label]
      },
      properties: { name: 'services' },
    })
    map.addLayer(layer)

    const keys = [
      view.on('change:resolution', () => clusters.setDistance(distanceAt(view.getZoom()))),
      map.on('click', (event) => {
        const members = map.forEachFeatureAtPixel(event.pixel, membersOf, {
          hitTolerance: HIT_TOLERANCE_PX,
          layerFilter: (candidate) => candidate === layer,
        })
        if (members) openOrZoomTo(map, members, (id) => select(id))
      }),
      pointerCursorOver(map, layer),
    ]
    return () => {
      unByKey(keys)
      map.removeLayer(layer)
      // The wrapped source outlives this layer (useState): let go of the cluster's listener on it.
      clusters.setSource(null)
    }
  }, [map, source])

  useEffect(() => {
    source.clear(true)
    source.addFeatures(
      markers.map((marker) => {
        const feature = new Feature({ geometry: new Point(lonLat(marker)) })
        feature.setProperties({ service_id: marker.service_id, category: marker.category, name: marker.name })
        feature.setId(marker.service_id)
        return feature
      }),
    )
  }, [source, markers])
}

/**
 * A tapped marker: one service opens; several zoom the view in to fit them (animated unless the user asked for
 * reduced motion), or, when they share one point and no zoom could tell them apart, the first of them opens.
 */
function openOrZoomTo(map: OlMap, members: readonly Feature<Point>[], select: (serviceId: number) => void): void {
  const first = members[0]
  if (!first) return
  const extent = boundingExtent(members.map((member) => member.getGeometry()!.getCoordinates()))
  if (members.length === 1 || (getWidth(extent) === 0 && getHeight(extent) === 0)) {
    select(first.get('service_id') as number)
    return
  }
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  map.getView().fit([...extent], {
    padding: Array<number>(4).fill(CLUSTER_FIT_PADDING_PX),
    maxZoom: UNCLUSTERED_FROM_ZOOM,
    duration: reduceMotion ? 0 : 300,
  })
}

/**
 * The default view (docs/product.md#service-map): zoom 10 on the user's position once it is known, unless the user has
 * moved the map by then; else the view stays at zoom 5 over Finland (where the map starts).
 */
export function useDefaultView(position: Coordinates | null): void {
  const map = useMap()
  const moved = useMovedByUser()
  const centred = useRef(false)
  useEffect(() => {
    if (!position || moved.current || centred.current) return
    centred.current = true
    map.getView().setCenter(lonLat(position))
    map.getView().setZoom(OWN_POSITION_ZOOM)
  }, [map, moved, position])
}

/**
 * The extent to zoom out to while no marker is in view (in-view.ts), else null; checked after every move of the map
 * and whenever the markers change (a new filter).
 */
export function useZoomOutOffer(markers: readonly ServiceMarker[]): Box | null {
  const map = useMap()
  const [offer, setOffer] = useState<Box | null>(null)
  useEffect(() => {
    const points = markers.map((marker) => lonLat(marker) as unknown as XY)
    const check = () => {
      const size = map.getSize()
      if (!size) return
      setOffer(zoomOutExtent(map.getView().calculateExtent(size) as unknown as Box, points))
    }
    check()
    const key = map.on('moveend', check)
    return () => unByKey(key)
  }, [map, markers])
  return offer
}

/** Fits the view to `extent` with room around it for the markers (animated unless reduced motion is asked for). */
export function zoomOutTo(map: OlMap, extent: Box): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  map
    .getView()
    .fit([...extent], { padding: Array<number>(4).fill(CLUSTER_FIT_PADDING_PX), duration: reduceMotion ? 0 : 300 })
}

/** Tells where the view's centre is, at once and after every move: the list sorts by it. */
export function useViewCentre(onCentre: ((centre: Coordinates) => void) | undefined): void {
  const map = useMap()
  const report = useEffectEvent((centre: Coordinates) => onCentre?.(centre))
  useEffect(() => {
    const tell = () => {
      const centre = map.getView().getCenter()
      if (!centre) return
      const [longitude, latitude] = toLonLat(centre)
      report({ latitude: latitude!, longitude: longitude! })
    }
    // The first view may be set before this listens: it is told at once, then after every move.
    tell()
    const key = map.on('moveend', tell)
    return () => unByKey(key)
  }, [map])
}
