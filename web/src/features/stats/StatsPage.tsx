import { useLingui } from '@lingui/react'
import { FormMessage } from '#shared/form/FormMessage.tsx'
import { Loader } from '#shared/ui/Loader.tsx'
import { InfoLayout } from '#features/info'
import { useOnline } from '#shared/hooks/useOnline.ts'
import { categoryNames } from '#features/requests'
import type { CategoryFigures, PublicStats } from './api.ts'
import { DaysChart } from './DaysChart.tsx'
import { statsMessages as m } from './stats-catalog.ts'
import { formatDuration, formatShare } from './stats-format.ts'
import { useStats } from './useStats.ts'
import './stats.css'

/**
 * /stats: the public figures of how help goes (docs/product.md#public-figures), for anyone, with or without an
 * account. Plain sentences first, then the kinds of help and the days, then what the figures mean and why some are
 * not shown.
 */
export default function StatsPage() {
  const { i18n } = useLingui()
  const online = useOnline()
  const { state, retry } = useStats()
  return (
    <InfoLayout title={i18n._(m.stats_title)}>
      <p>{i18n._(m.stats_intro.id, { days: state.stats?.days ?? 30 })}</p>
      {!online && <FormMessage tone="warning" text={i18n._(state.stats ? m.stats_offlinestale : m.stats_offline)} />}
      {state.phase === 'loading' && <Loader label={i18n._(m.stats_loading)} />}
      {state.phase === 'failed' && online && (
        <div className="stats-failed">
          <FormMessage tone="error" text={i18n._(m.stats_failed)} />
          <button type="button" className="button button--secondary" onClick={retry}>
            {i18n._(m.stats_retry)}
          </button>
        </div>
      )}
      {state.stats && <Figures stats={state.stats} />}
      <section className="info-section" aria-labelledby="stats-meaning-heading">
        <h2 id="stats-meaning-heading">{i18n._(m.stats_meaningheading)}</h2>
        <p>{i18n._(m.stats_meaningwindow.id, { days: state.stats?.days ?? 30 })}</p>
        <p>{i18n._(m.stats_meaninghelped)}</p>
        <p>{i18n._(m.stats_meaningtimes)}</p>
        <p>{i18n._(m.stats_meaningprivacy.id, { min: state.stats?.min_requests ?? 10 })}</p>
      </section>
    </InfoLayout>
  )
}

function Figures({ stats }: { stats: PublicStats }) {
  const { i18n } = useLingui()
  const duration = (minutes: number) => formatDuration(minutes, i18n.locale)
  const enough = stats.requests >= stats.min_requests
  return (
    <>
      <section className="stats-summary" aria-label={i18n._(m.stats_title)}>
        <p className="stats-summary__lead">
          {i18n._(m.stats_requests.id, { count: stats.requests, days: stats.days })}
          {stats.helped !== null &&
            ` ${i18n._(m.stats_helped.id, {
              count: stats.helped,
              share: formatShare(stats.helped, stats.requests, i18n.locale),
            })}`}
        </p>
        {stats.median_minutes_to_helper !== null && (
          <p>{i18n._(m.stats_tohelper.id, { duration: duration(stats.median_minutes_to_helper) })}</p>
        )}
        {stats.median_minutes_to_completion !== null && (
          <p>{i18n._(m.stats_tocompletion.id, { duration: duration(stats.median_minutes_to_completion) })}</p>
        )}
        {!enough && stats.requests > 0 && <p>{i18n._(m.stats_toofew.id, { min: stats.min_requests })}</p>}
      </section>
      {enough && (
        <section className="info-section" aria-labelledby="stats-categories-heading">
          <h2 id="stats-categories-heading">{i18n._(m.stats_categoriesheading)}</h2>
          <ul className="stats-categories">
            {stats.categories.map((figures) => (
              <CategoryRow key={figures.category} figures={figures} />
            ))}
          </ul>
        </section>
      )}
      {enough && <DaysChart days={stats.days_series} min={stats.min_requests} window={stats.days} />}
    </>
  )
}

function CategoryRow({ figures }: { figures: CategoryFigures }) {
  const { i18n } = useLingui()
  const requests = figures.requests ?? 0
  const parts = [i18n._(m.stats_categoryrequests.id, { count: requests })]
  if (figures.helped !== null) parts.push(i18n._(m.stats_categoryhelped.id, { count: figures.helped }))
  if (figures.median_minutes_to_helper !== null) {
    parts.push(
      i18n._(m.stats_categorytohelper.id, { duration: formatDuration(figures.median_minutes_to_helper, i18n.locale) }),
    )
  }
  if (requests > 0 && (figures.helped === null || figures.median_minutes_to_helper === null)) {
    parts.push(i18n._(m.stats_categoryhidden))
  }
  return (
    <li className="stats-categories__row">
      <span className="stats-categories__name">{i18n._(categoryNames[figures.category])}</span>
      <span className="stats-categories__figures">{parts.join(', ')}</span>
    </li>
  )
}
