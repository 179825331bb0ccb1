import type { ServiceCategory } from '../domain/shared/categories.ts'
import { SERVICE_LANGUAGES, serviceProblems, type Localization, type ServiceInput } from '../domain/services/rules.ts'
import { parseCsv } from './csv.ts'

export interface ParsedRow {
  /** Where the row is in the file, as a person would look for it: "line 7" or "feature 3". */
  where: string
  service: ServiceInput
  problems: string[]
}

type Flat = Record<string, unknown>

/** A cell or property as written: scalars as text, anything else (a nested object in GeoJSON) as its JSON. */
const written = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value)

const text = (value: unknown): string | null => {
  if (value === undefined || value === null) return null
  const trimmed = written(value).trim()
  return trimmed === '' ? null : trimmed
}

/** A coordinate as a number; `60,17` too, the way a spreadsheet in a Finnish (or Swedish) locale writes it. */
function coordinate(value: unknown): number {
  if (typeof value === 'number') return value
  const written = text(value)
  if (written === null) return Number.NaN
  return Number(/^[+-]?\d+,\d+$/.test(written) ? written.replace(',', '.') : written)
}

function flag(value: unknown): boolean | undefined {
  if (value === undefined || value === null || value === '') return false
  if (typeof value === 'boolean') return value
  const normalised = written(value).trim().toLowerCase()
  if (['true', '1', 'yes', 'kyllä', 'ja'].includes(normalised)) return true
  if (['false', '0', 'no', 'ei', 'nej'].includes(normalised)) return false
  return undefined
}

/** The same flat properties in both formats: name_fi, description_sv, url_en, and so on. */
function toRow(where: string, record: Flat, latitude: unknown, longitude: unknown): ParsedRow {
  const problems: string[] = []
  const localizations: Localization[] = []
  for (const language of SERVICE_LANGUAGES) {
    const name = text(record[`name_${language}`])
    const description = text(record[`description_${language}`])
    const url = text(record[`url_${language}`])
    if (name) localizations.push({ language, name, description, url })
    else if (description || url)
      problems.push(`description_${language} or url_${language} given without name_${language}`)
  }
  const certified = flag(record.certified)
  if (certified === undefined) problems.push(`certified "${written(record.certified)}" is not true or false`)
  const service: ServiceInput = {
    external_id: text(record.external_id),
    category: (text(record.category) ?? '') as ServiceCategory,
    latitude: coordinate(latitude),
    longitude: coordinate(longitude),
    logo_url: text(record.logo_url),
    address: text(record.address),
    phone: text(record.phone),
    certified: certified ?? false,
    opening_hours: text(record.opening_hours),
    localizations,
  }
  return { where, service, problems: [...problems, ...serviceProblems(service)] }
}

function fromGeoJson(data: unknown): ParsedRow[] {
  const features = (data as { type?: string; features?: unknown[] }).features
  if ((data as { type?: string }).type !== 'FeatureCollection' || !Array.isArray(features)) {
    return [{ where: 'file', service: emptyService(), problems: ['not a GeoJSON FeatureCollection'] }]
  }
  return features.map((feature, index) => {
    const { geometry, properties } = (feature ?? {}) as {
      geometry?: { type?: string; coordinates?: unknown[] }
      properties?: Flat
    }
    const where = `feature ${index + 1}`
    if (geometry?.type !== 'Point' || !Array.isArray(geometry.coordinates)) {
      return { where, service: emptyService(), problems: ['geometry must be a Point'] }
    }
    const [longitude, latitude] = geometry.coordinates
    return toRow(where, properties ?? {}, latitude, longitude)
  })
}

function fromCsv(content: string): ParsedRow[] {
  const [header, ...records] = parseCsv(content)
  if (!header) return []
  if (header.problems.length > 0)
    return [{ where: `line ${header.line}`, service: emptyService(), problems: header.problems }]
  const columns = header.fields.map((name) => name.trim())
  for (const required of ['latitude', 'longitude', 'category']) {
    if (!columns.includes(required))
      return [
        { where: `line ${header.line}`, service: emptyService(), problems: [`the header has no ${required} column`] },
      ]
  }
  return records.map(({ line, fields, problems }) => {
    // A row the CSV reading could not take apart (quoting, field count) has no trustworthy columns to check.
    if (problems.length > 0) return { where: `line ${line}`, service: emptyService(), problems }
    const record: Flat = Object.fromEntries(columns.map((name, i) => [name, fields[i]]))
    return toRow(`line ${line}`, record, record.latitude, record.longitude)
  })
}

function emptyService(): ServiceInput {
  return {
    external_id: null,
    category: 'venue',
    latitude: 0,
    longitude: 0,
    logo_url: null,
    address: null,
    phone: null,
    certified: false,
    opening_hours: null,
    localizations: [],
  }
}

/** GeoJSON (Feature properties) or CSV (by the file name), every row with its place in the file and its problems. */
export function parseServiceFile(content: string, fileName: string): ParsedRow[] {
  if (fileName.toLowerCase().endsWith('.csv')) return fromCsv(content)
  try {
    return fromGeoJson(JSON.parse(content))
  } catch (error) {
    return [{ where: 'file', service: emptyService(), problems: [`not valid JSON: ${(error as Error).message}`] }]
  }
}
