import type { Page } from 'playwright-core'
import { waitUntil } from '../wait.ts'

/** The basemap's canvas read pixel by pixel (test/e2e/basemap.test.ts, offline-map.test.ts). */

export interface Drawn {
  land: string
  water: string
  /** Shares of the sampled pixels of the basemap's canvas in the land and the water colour. */
  landShare: number
  waterShare: number
}

/** The basemap's colours (map.css) and how much of its canvas is drawn in each: page code as a string. */
export const DRAWN = `(() => {
  const pixel = document.createElement('canvas').getContext('2d')
  const color = (token) => {
    const probe = document.createElement('span')
    probe.style.color = 'var(' + token + ')'
    document.body.append(probe)
    pixel.fillStyle = getComputedStyle(probe).color
    probe.remove()
    pixel.fillRect(0, 0, 1, 1)
    return [...pixel.getImageData(0, 0, 1, 1).data.slice(0, 3)]
  }
  const land = color('--map-land')
  const water = color('--map-water')
  const canvas = document.querySelector('.service-map .basemap-layer canvas')
  if (!canvas || canvas.width === 0) return { land: String(land), water: String(water), landShare: 0, waterShare: 0 }
  const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height)
  // The sea is the layer's background (OpenLayers paints it on the layer's element), seen where nothing is drawn.
  const background = getComputedStyle(canvas.parentElement).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number)
  const seaBehind = background.every((value, c) => Math.abs(value - water[c]) <= 1)
  const near = (i, rgb) => data[i + 3] === 255 && rgb.every((value, c) => Math.abs(data[i + c] - value) <= 4)
  let samples = 0, onLand = 0, onWater = 0
  for (let i = 0; i < data.length; i += 4 * 7) {
    samples += 1
    if (near(i, land)) onLand += 1
    else if (near(i, water) || (seaBehind && data[i + 3] === 0)) onWater += 1
  }
  return { land: String(land), water: String(water), landShare: onLand / samples, waterShare: onWater / samples }
})()`

/**
 * Waits until the basemap shows land and sea: by default Finland at the visitor's zoom 5, a good part of each.
 */
export async function waitForBasemap(
  page: Page,
  drawnEnough = (drawn: Drawn) => drawn.landShare > 0.2 && drawn.waterShare > 0.1,
): Promise<Drawn> {
  await page.locator('.service-map .ol-viewport canvas').first().waitFor()
  let drawn: Drawn | undefined
  await waitUntil(async () => {
    drawn = await page.evaluate<Drawn>(DRAWN)
    return drawnEnough(drawn)
  })
  return drawn!
}
