import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { useId } from 'react'
import { REQUEST_CATEGORIES, type RequestStatus, categoryNames, requestMessages, statusNames } from '#features/requests'
import { PERIODS, SORT_ORDERS, TEST_CHOICES, type LiveFilters, type SortOrder } from './live-filters.ts'
import { liveMessages, periodNames, sortNames, testChoiceNames } from './live-catalog.ts'

const STATUSES = Object.keys(statusNames) as RequestStatus[]

interface FilterBarProps {
  filters: LiveFilters
  order: SortOrder
  onFilters: (filters: LiveFilters) => void
  onOrder: (order: SortOrder) => void
}

/** The list's filters and order as labelled selects: native controls, so keyboards and screen readers know them. */
export function FilterBar({ filters, order, onFilters, onOrder }: FilterBarProps) {
  const { i18n } = useLingui()
  const translate = (descriptor: MessageDescriptor) => i18n._(descriptor)
  const set =
    <K extends keyof LiveFilters>(key: K) =>
    (value: string) =>
      onFilters({ ...filters, [key]: value as LiveFilters[K] })
  return (
    <div role="group" aria-label={i18n._(liveMessages.adminfilters)} className="live-filters">
      <Select
        label={i18n._(requestMessages.status)}
        value={filters.status}
        onChange={set('status')}
        options={[['all', i18n._(liveMessages.adminallstatuses)], ...named(STATUSES, statusNames, translate)]}
      />
      <Select
        label={i18n._(requestMessages.category)}
        value={filters.category}
        onChange={set('category')}
        options={[
          ['all', i18n._(liveMessages.adminallrequestcategories)],
          ...named(REQUEST_CATEGORIES, categoryNames, translate),
        ]}
      />
      <Select
        label={i18n._(liveMessages.admintestfilter)}
        value={filters.test}
        onChange={set('test')}
        options={named(TEST_CHOICES, testChoiceNames, translate)}
      />
      <Select
        label={i18n._(liveMessages.adminperiod)}
        value={filters.period}
        onChange={set('period')}
        options={named(PERIODS, periodNames, translate)}
      />
      <Select
        label={i18n._(liveMessages.adminsort)}
        value={order}
        onChange={(value) => onOrder(value as SortOrder)}
        options={named(SORT_ORDERS, sortNames, translate)}
      />
    </div>
  )
}

const named = <T extends string>(
  values: readonly T[],
  names: Record<T, MessageDescriptor>,
  translate: (descriptor: MessageDescriptor) => string,
): [string, string][] => values.map((value) => [value, translate(names[value])])

interface SelectProps {
  label: string
  value: string
  onChange: (value: string) => void
  /** Value and visible text. */
  options: [string, string][]
}

function Select({ label, value, onChange, options }: SelectProps) {
  const id = useId()
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="input" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}
