/**
 * The suite's table: one line per row (group, name, value, baseline, ratio, target, met), notes as numbered
 * footnotes below it so that the columns stay readable on a terminal.
 */
import type { BenchRow } from './report.ts'

/** Three significant digits, whole numbers from 1000 up: enough to compare, short enough for a column. */
export function formatNumber(value: number | undefined): string {
  if (value === undefined) return ''
  if (Number.isNaN(value)) return '–'
  if (!Number.isFinite(value)) return String(value)
  if (Math.abs(value) >= 1000) return Math.round(value).toLocaleString('en').replaceAll(',', ' ')
  return String(Number(value.toPrecision(3)))
}

const metText = (met: boolean | undefined) => (met === undefined ? '' : met ? 'yes' : 'NO')

/** The rows as a Markdown table (it reads as plain text too), followed by their notes. */
export function formatRows(rows: BenchRow[]): string {
  const notes: string[] = []
  const cells = rows.map((row) => {
    let name = row.name
    if (row.note) {
      notes.push(row.note)
      name += ` [${notes.length}]`
    }
    return [
      row.group,
      name,
      `${formatNumber(row.value)} ${row.unit}`,
      row.baseline === undefined ? '' : `${formatNumber(row.baseline)} ${row.unit}`,
      row.ratio === undefined ? '' : `${formatNumber(row.ratio)}×`,
      row.target ?? '',
      metText(row.met),
    ]
  })
  const header = ['group', 'name', 'value', 'baseline', 'ratio', 'target', 'met']
  const widths = header.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]!.length)))
  const line = (values: string[]) =>
    `| ${values.map((value, i) => (i >= 2 && i <= 4 ? value.padStart(widths[i]!) : value.padEnd(widths[i]!))).join(' | ')} |`
  const rule = `|${widths.map((width, i) => (i >= 2 && i <= 4 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`
  return [
    line(header),
    rule,
    ...cells.map(line),
    ...(notes.length ? ['', ...notes.map((note, i) => `[${i + 1}] ${note}`)] : []),
  ].join('\n')
}

export function printRows(rows: BenchRow[]): void {
  console.log(formatRows(rows))
}
