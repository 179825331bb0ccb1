import t from 'tap'
import { FAILED_TILES_BEFORE_NOTICE, trackTileHealth } from '../../../web/src/shared/map/tile-health.ts'
import { zoomOutExtent, type Box } from '../../../web/src/features/services/in-view.ts'

t.test('tiles are failing after a run of errors, and the next loaded tile clears it', async (t) => {
  const changes: boolean[] = []
  const health = trackTileHealth((failing) => changes.push(failing))
  for (let i = 1; i < FAILED_TILES_BEFORE_NOTICE; i++) health.failed()
  t.same(changes, [], 'a few missing tiles are no notice')
  health.loaded()
  for (let i = 1; i < FAILED_TILES_BEFORE_NOTICE; i++) health.failed()
  t.same(changes, [], 'a loaded tile starts the count again')
  health.failed()
  health.failed()
  t.same(changes, [true], 'a run of failures is reported once')
  health.loaded()
  health.loaded()
  t.same(changes, [true, false], 'the first loaded tile clears it, once')
})

t.test('the map offers to zoom out only when no marker is in view', async (t) => {
  const view: Box = [0, 0, 100, 100]
  t.equal(zoomOutExtent(view, []), null, 'no markers at all: the list says so, not the map')
  t.equal(
    zoomOutExtent(view, [
      [50, 50],
      [500, 500],
    ]),
    null,
    'one marker in view is enough',
  )
  t.equal(zoomOutExtent(view, [[100, 100]]), null, 'a marker on the edge is in view')
  t.same(
    zoomOutExtent(view, [
      [1000, 50],
      [200, 20],
      [-300, 900],
    ]),
    [-100, 20, 200, 80],
    'the view keeps its centre and reaches the nearest marker',
  )
})
