import type ImageTile from 'ol/ImageTile'
import TileState from 'ol/TileState'
import type Tile from 'ol/Tile'

/** Whether a tile answer means the tile service refused our key (the AuthFailure panel). */
export const isAuthFailure = (status: number) => status === 401 || status === 403

/**
 * A tileLoadFunction that sees HTTP statuses, which an <img> cannot: tiles are fetched, a 401 or 403 calls
 * `onAuthFailure`, and the image is shown from a blob URL. A tile server without CORS makes fetch itself fail;
 * from then on tiles load the plain <img> way (its statuses stay unknown, so no AuthFailure panel there).
 */
export function statusAwareTileLoader(onAuthFailure: (status: number) => void): (tile: Tile, src: string) => void {
  let fetchWorks = true
  return (tile, src) => {
    const image = (tile as ImageTile).getImage() as HTMLImageElement
    if (!fetchWorks) {
      image.src = src
      return
    }
    fetch(src, { credentials: 'omit', referrerPolicy: 'strict-origin-when-cross-origin' }).then(
      async (response) => {
        if (!response.ok) {
          if (isAuthFailure(response.status)) onAuthFailure(response.status)
          tile.setState(TileState.ERROR)
          return
        }
        const url = URL.createObjectURL(await response.blob())
        const release = () => URL.revokeObjectURL(url)
        image.addEventListener('load', release, { once: true })
        image.addEventListener('error', release, { once: true })
        image.src = url
      },
      (error: unknown) => {
        console.warn('Fetching a map tile failed; loading tiles as plain images from now on', error)
        fetchWorks = false
        image.src = src
      },
    )
  }
}
