import { useLingui } from '@lingui/react'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { shellMessages } from '#shared/i18n/shell-catalog.ts'
import { FigureCards } from './FigureCards.tsx'
import { formatClock } from './figures-format.ts'
import { figuresMessages as m } from './figures-catalog.ts'
import { RequestsChart } from './RequestsChart.tsx'
import { useLiveFigures } from './useLiveFigures.ts'
import './figures.css'

/**
 * The dashboard's figures: cards from GET /api/admin/stats and the 30-day chart, refreshed after live changes and
 * every 30 s. Until the first answer a loader; if it fails, an error and a retry; a later failure keeps the last
 * figures on screen and says from when they are.
 */
export function AdminFigures() {
  const { i18n } = useLingui()
  const { figures, loadedAt, failed, loading, retry } = useLiveFigures()
  const time = loadedAt === null ? null : formatClock(loadedAt, i18n.locale)
  return (
    <section className="figures" aria-labelledby="figures-title">
      <div className="figures__head">
        <h3 id="figures-title" className="figures__title">
          {i18n._(m.figures_title)}
        </h3>
        {time && !failed && <p className="figures__updated">{i18n._(m.figures_updated.id, { time })}</p>}
      </div>
      {figures === null && !failed && <Loader label={i18n._(m.figures_loading)} />}
      <FormMessage
        tone={figures === null ? 'error' : 'warning'}
        text={!failed ? null : time === null ? i18n._(m.figures_failed) : i18n._(m.figures_stale.id, { time })}
      />
      {failed && (
        <button
          type="button"
          className="button button--secondary figures__retry"
          onClick={retry}
          aria-disabled={loading || undefined}
        >
          {i18n._(shellMessages.tryagain)}
        </button>
      )}
      {figures && (
        <>
          <FigureCards stats={figures.stats} />
          <RequestsChart days={figures.days} />
        </>
      )}
    </section>
  )
}
