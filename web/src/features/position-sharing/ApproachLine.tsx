import { useLingui } from '@lingui/react'
import type { Coordinates } from '../../shared/api/types.ts'
import { positionMessages } from './position-catalog.ts'
import { approachOf, formatApproachKm, formatTravelTime } from './approach.ts'

interface ApproachLineProps {
  from: Coordinates
  to: Coordinates
  /** The helper's name, for the owner; null for the helper, who reads "You are …". */
  helperName: string | null
}

/**
 * For the owner "Anna is 2.4 km away · about 8 min", for the helper "About 8 min by bike from here": a straight line
 * at cycling speed, a rough guide and said so by "about".
 */
export function ApproachLine({ from, to, helperName }: ApproachLineProps) {
  const { i18n } = useLingui()
  const approach = approachOf(from, to)
  const text =
    approach.kind === 'near'
      ? helperName === null
        ? i18n._(positionMessages.younear)
        : i18n._(positionMessages.helpernear.id, { name: helperName })
      : helperName === null
        ? // The helper's detail already says how far the request is: only the time, so no distance shows twice.
          i18n._(positionMessages.youapproachtime.id, { time: formatTravelTime(approach.minutes, i18n.locale) })
        : i18n._(positionMessages.helperapproachtime.id, {
            name: helperName,
            distance: formatApproachKm(approach.km, i18n.locale),
            time: formatTravelTime(approach.minutes, i18n.locale),
          })
  return (
    <p className="approach-line" data-testid="approach-line">
      {text}
    </p>
  )
}
