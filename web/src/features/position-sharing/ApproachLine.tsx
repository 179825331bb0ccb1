import { useLingui } from '@lingui/react'
import type { Coordinates } from '#shared/api/types.ts'
import { positionMessages } from './position-catalog.ts'
import { approachOf, formatApproachKm, formatTravelTime } from './approach.ts'

interface ApproachLineProps {
  from: Coordinates
  to: Coordinates
  /** The helper's name, for the owner; null for the helper, who reads "You are …". */
  helperName: string | null
  /**
   * For the owner, when the helper's position is stale (staleness.ts): how long ago it came ("3 min"). The line then
   * says where they were and when, and no time to arrive: that no longer holds.
   */
  lastSeen?: string | null
}

/**
 * For the owner "Anna is 2.4 km away · about 8 min", for the helper "About 8 min by bike from here": a straight line
 * at cycling speed, a rough guide and said so by "about". A stale position reads "Anna was 2.4 km away · last seen
 * 3 min ago".
 */
export function ApproachLine({ from, to, helperName, lastSeen = null }: ApproachLineProps) {
  const { i18n } = useLingui()
  const approach = approachOf(from, to)
  const text = (() => {
    if (helperName === null)
      return approach.kind === 'near'
        ? i18n._(positionMessages.younear)
        : // The helper's detail already says how far the request is: only the time, so no distance shows twice.
          i18n._(positionMessages.youapproachtime.id, { time: formatTravelTime(approach.minutes, i18n.locale) })
    if (lastSeen !== null)
      return approach.kind === 'near'
        ? i18n._(positionMessages.helperstalenear.id, { name: helperName, age: lastSeen })
        : i18n._(positionMessages.helperstaleaway.id, {
            name: helperName,
            distance: formatApproachKm(approach.km, i18n.locale),
            age: lastSeen,
          })
    return approach.kind === 'near'
      ? i18n._(positionMessages.helpernear.id, { name: helperName })
      : i18n._(positionMessages.helperapproachtime.id, {
          name: helperName,
          distance: formatApproachKm(approach.km, i18n.locale),
          time: formatTravelTime(approach.minutes, i18n.locale),
        })
  })()
  return (
    <p className={`approach-line${lastSeen === null ? '' : ' approach-line--stale'}`} data-testid="approach-line">
      {text}
    </p>
  )
}
