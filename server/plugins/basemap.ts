import { existsSync } from 'node:fs'
import fp from 'fastify-plugin'
import type { Config } from '../config.ts'
import { EMBEDDED_BASEMAP, openTileArchive, type TileArchive } from '../tiles/archive.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The basemap served at /tiles/ (MAP_TILES, else the embedded one); null when TILE_URL names another tile service
     * or the embedded basemap was not built (then the map shows its markers on a plain background).
     */
    basemap: TileArchive | null
  }
}

/**
 * Opens the basemap once at start (docs/adr/0023-a-map-of-our-own.md). An archive the operator named that cannot be
 * read stops the start, naming it; a missing embedded one (a checkout before `npm run build`) is only a warning.
 */
export default fp<{ config: Pick<Config, 'MAP_TILES' | 'TILE_URL'> }>(
  async (app, { config }) => {
    let basemap: TileArchive | null = null
    if (config.TILE_URL === undefined) {
      if (config.MAP_TILES !== undefined || existsSync(EMBEDDED_BASEMAP)) {
        basemap = await openTileArchive(config.MAP_TILES)
        app.log.info(
          { archive: config.MAP_TILES ?? 'embedded', maxZoom: basemap.maxZoom, version: basemap.version },
          'the basemap is served at /tiles/',
        )
      } else {
        app.log.warn(
          { path: EMBEDDED_BASEMAP },
          'the basemap is not built (run npm run build): the map has no background',
        )
      }
    }
    app.decorate('basemap', basemap)
    app.addHook('onClose', async () => basemap?.close())
  },
  { name: 'basemap' },
)
