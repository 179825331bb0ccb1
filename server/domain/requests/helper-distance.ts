import type { PendingQuery, Row } from 'postgres'
import type { Queryable } from '../../db/queryable.ts'

/**
 * The grid the helper's position is snapped to before the owner is told how far they are (docs/requests.md, "The
 * helper's distance"): 0.01° of latitude (about 1.11 km), and in longitude the same ground distance, 0.01° divided
 * by the cosine of the snapped latitude (0.02° at 60° N), so every cell is about 1.1 km square wherever it is. The
 * cosine is kept at least 0.01 so that a report near a pole cannot divide by nothing.
 */
export const GRID_LATITUDE_DEGREES = 0.01

/**
 * SQL: whole kilometres from the helper's last reported location (users.latitude/longitude of `helperId`), snapped
 * to the grid above, to the request's location (`latitude`, `longitude`: SQL for its columns); null when either is
 * unknown. The haversine of distanceKm (../shared/distance.ts), earth diameter 12742 km. Read once, in the
 * take-over's statement (status.ts), and kept on the request: an owner who moves the request afterwards learns
 * nothing new, and one figure from a cell's centre tells at most which ring of cells the helper was in.
 */
export function snappedHelperDistanceKm(
  sql: Queryable,
  helperId: number,
  latitude: PendingQuery<Row[]>,
  longitude: PendingQuery<Row[]>,
): PendingQuery<Row[]> {
  const step = GRID_LATITUDE_DEGREES
  return sql`(
    select round((12742 * asin(least(1, sqrt(
      power(sin(radians(cell.latitude - ${latitude}) / 2), 2)
      + cos(radians(${latitude})) * cos(radians(cell.latitude)) * power(sin(radians(cell.longitude - ${longitude}) / 2), 2)
    ))))::numeric)::int
    from users u
    cross join lateral (select round(u.latitude / ${step}::float8) * ${step}::float8 as latitude) snapped
    cross join lateral (
      select snapped.latitude, round(u.longitude / cell_width) * cell_width as longitude
      from (select ${step}::float8 / greatest(cos(radians(snapped.latitude)), 0.01) as cell_width) width
    ) cell
    -- Without either location there is no figure (least() and greatest() would skip a null and make one up).
    where u.user_id = ${helperId} and u.latitude is not null and u.longitude is not null
      and ${latitude} is not null and ${longitude} is not null
  )`
}
