import { useLingui } from '@lingui/react'
import type { Coordinates } from '../../shared/api/types.ts'
import { positionMessages } from './position-catalog.ts'
import { approachOf, formatApproachKm } from './approach.ts'

interface ApproachLineProps {
  from: Coordinates
  to: Coordinates
  /** The helper's name, for the owner; null for the helper, who reads "You are …". */
  helperName: string | null
}

/** "Anna is 2.4 km away · about 8 min": a straight line at cycling speed, a rough guide and said so by "about". */
export function ApproachLine({ from, to, helperName }: ApproachLineProps) {
  const { i18n } = useLingui()
  const approach = approachOf(from, to)
  const text =
    approach.kind === 'near'
      ? helperName === null
        ? i18n._(positionMessages.younear)
        : i18n._(positionMessages.helpernear.id, { name: helperName })
      : i18n._((helperName === null ? positionMessages.youapproach : positionMessages.helperapproach).id, {
          name: helperName,
          distance: formatApproachKm(approach.km, i18n.locale),
          minutes: approach.minutes,
        })
  return (
    <p className="approach-line" data-testid="approach-line">
      {text}
    </p>
  )
}
