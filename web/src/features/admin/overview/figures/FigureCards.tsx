import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react'
import type { AdminStats } from './figures-api.ts'
import { formatCount, formatDuration, formatShare } from './figures-format.ts'
import { figuresMessages as m } from './figures-catalog.ts'

/** The status colours (docs/product.md#help-requests) mark the cards of requests in that status now. */
type Accent = 'new' | 'in-progress' | 'completed'

interface Card {
  label: MessageDescriptor
  value: string
  /** Read instead of `value` by screen readers, where the value is only a sign (the dash). */
  spokenValue?: string
  note?: string | null
  accent?: Accent
}

interface Group {
  id: string
  title: MessageDescriptor
  cards: Card[]
}

/** The figures of GET /api/admin/stats as groups of cards: requests, response times, users, connected now. */
export function FigureCards({ stats }: { stats: AdminStats }) {
  const { i18n } = useLingui()
  const locale = i18n.locale
  const count = (value: number) => formatCount(value, locale)
  const { requests, users, live } = stats
  const median = (minutes: number | null): Pick<Card, 'value' | 'spokenValue'> => ({
    value: formatDuration(minutes, locale),
    spokenValue: minutes === null ? i18n._(m.figures_novalue) : undefined,
  })
  const share = formatShare(requests.got_help_30d, requests.completed_30d, locale)

  const groups: Group[] = [
    {
      id: 'requests',
      title: m.figures_requests,
      cards: [
        { label: m.figures_createdtoday, value: count(requests.created_today) },
        { label: m.figures_newnow, value: count(requests.new), accent: 'new' },
        { label: m.figures_inprogressnow, value: count(requests.in_progress), accent: 'in-progress' },
        { label: m.figures_completedtoday, value: count(requests.completed_today), accent: 'completed' },
        { label: m.figures_completed30d, value: count(requests.completed_30d) },
        {
          label: m.figures_gothelp30d,
          value: count(requests.got_help_30d),
          note: share && i18n._(m.figures_shareofcompleted.id, { share }),
        },
      ],
    },
    {
      id: 'times',
      title: m.figures_times,
      cards: [
        { label: m.figures_tohelper, ...median(requests.median_minutes_to_responder_30d) },
        { label: m.figures_tocompletion, ...median(requests.median_minutes_to_completion_30d) },
      ],
    },
    {
      id: 'users',
      title: m.figures_users,
      cards: [
        { label: m.figures_userstotal, value: count(users.total) },
        { label: m.figures_usersnewtoday, value: count(users.new_today) },
        { label: m.figures_userslocated, value: count(users.with_location) },
        { label: m.figures_userspush, value: count(users.push_subscribed) },
      ],
    },
    {
      id: 'live',
      title: m.figures_live,
      cards: [
        { label: m.figures_liveclients, value: count(live.connected_clients) },
        { label: m.figures_liveusers, value: count(live.connected_users) },
      ],
    },
  ]

  return (
    <div className="figure-groups">
      {groups.map((group) => (
        <section
          key={group.id}
          className={`figure-group figure-group--${group.id}`}
          aria-labelledby={`figures-${group.id}`}
        >
          <h4 id={`figures-${group.id}`} className="figure-group__title">
            {i18n._(group.title)}
          </h4>
          <dl className="figure-grid">
            {group.cards.map((card) => (
              <div key={card.label.id} className={`figure-card${card.accent ? ` figure-card--${card.accent}` : ''}`}>
                <dt className="figure-card__label">{i18n._(card.label)}</dt>
                <dd className="figure-card__value">
                  {card.spokenValue ? (
                    <>
                      <span aria-hidden="true">{card.value}</span>
                      <span className="visually-hidden">{card.spokenValue}</span>
                    </>
                  ) : (
                    card.value
                  )}
                </dd>
                {card.note && <dd className="figure-card__note">{card.note}</dd>}
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  )
}
