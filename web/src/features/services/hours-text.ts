import type { I18n } from '@lingui/core'
import type { HoursSummary } from './opening-hours.ts'
import { serviceMessages } from './service-catalog.ts'

/** A summary of the hours in the UI's language; null (unknown hours) says nothing. */
export function hoursText(summary: HoursSummary | null, i18n: I18n): string | null {
  if (!summary) return null
  switch (summary.kind) {
    case 'open':
      return i18n._(serviceMessages.hoursopen)
    case 'closesat':
      return i18n._(serviceMessages.hoursclosesat.id, { time: summary.time })
    case 'closed':
      return i18n._(serviceMessages.hoursclosed)
    case 'opensat':
      return i18n._(serviceMessages.hoursopensat.id, { time: summary.time })
    case 'opensattomorrow':
      return i18n._(serviceMessages.hoursopenstomorrow.id, { time: summary.time })
    case 'opensaton':
      return i18n._(serviceMessages.hoursopenson.id, { time: summary.time, weekday: summary.weekday })
  }
}
