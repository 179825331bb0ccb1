import { parse, type CsvError } from 'csv-parse/sync'

/**
 * One CSV record with the line its first field starts on (for error messages). A record the file gets wrong
 * (broken quoting, a field count other than the header's, a NUL character) carries its problems instead of
 * being dropped or merged into its neighbours.
 */
export interface CsvRecord {
  line: number
  fields: string[]
  problems: string[]
}

/** The delimiters spreadsheets write: Excel in a Finnish (or Swedish, German...) locale uses `;`. */
const DELIMITERS = [',', ';', '\t'] as const

/** Past this many malformed records the file is not CSV in any useful sense; stop rather than re-scan it. */
const MAX_MALFORMED = 100

/**
 * The delimiter of the header line: whichever of `,`, `;` and tab it holds most often outside quotes (column
 * names rarely hold any of them, data rows often hold commas in addresses and decimals). `,` when none.
 */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]))
  let quoted = false
  let seenText = false
  for (const char of text) {
    if (char === '"') quoted = !quoted
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (seenText) break // blank lines before the header do not count as the header
    } else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1)
    if (char !== '\n' && char !== '\r') seenText = true
  }
  let best = ','
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter
  return best
}

/** What a person should do about each way csv-parse can refuse a record, without its own line numbers. */
function describe(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quote (") opened in this row is never closed'
    case 'INVALID_OPENING_QUOTE':
      return 'a quote (") inside an unquoted field: quote the whole field and double the quote inside ("")'
    case 'CSV_INVALID_CLOSING_QUOTE':
      return 'text follows a closing quote (") in the same field: double a quote inside a quoted field ("")'
    default:
      return error.message.replace(/ at line \d+/, '')
  }
}

/** The problem at the line the record starts on; where the error showed on a later line, that line too. */
function problem(error: CsvError, startLine: number, errorLine: number): string {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED' || !(errorLine > startLine)) return describe(error)
  return `a quoted field starting in this row runs on to line ${errorLine} and breaks there: is its closing quote (") missing?`
}

const lineCount = (text: string) => text.split('\n').length - 1
const fields = (count: number) => `${count} field${count === 1 ? '' : 's'}`

/**
 * RFC 4180 by csv-parse, with the delimiter detected from the header line, a UTF-8 BOM dropped and every line
 * ending (CRLF, CR, LF) read as `\n`, also inside quoted fields. Lines whose fields are all empty are skipped.
 *
 * A malformed record is reported at the line it starts on and parsing resumes on the next line, so one broken
 * row neither hides the rest of the file (an unclosed quote would otherwise swallow everything after it) nor
 * stops the rows after it from being checked.
 */
export function parseCsv(content: string): CsvRecord[] {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const delimiter = detectDelimiter(text)
  const lines = text.split('\n')
  const records: CsvRecord[] = []
  let malformed = 0
  let from = 0 // index into `lines` where the current parse starts
  while (from < lines.length) {
    let next = from // index of the line the next record starts on
    // Records are taken as they come, so those before a malformed one are kept when parse() throws. With
    // `raw: true` each reaches on_record as `{ record, raw }` (csv-parse's types do not say so); the raw texts
    // add up to the whole input, which is how a record's first line is known.
    const onRecord = ({ record, raw }: { record: string[]; raw: string }) => {
      if (record.some((value) => value !== '')) records.push({ line: next + 1, fields: record, problems: [] })
      next += lineCount(raw)
      return null
    }
    try {
      parse(lines.slice(from).join('\n'), {
        delimiter,
        raw: true,
        relax_column_count: true, // counted below, against the header, so a short row is reported, not thrown
        on_record: onRecord as unknown as (record: string[]) => null,
      })
      break
    } catch (error) {
      const csvError = error as CsvError
      if (csvError.code === undefined) throw error
      // csv-parse counts lines from the start of the text it was given, which is line `from + 1` of the file.
      records.push({
        line: next + 1,
        fields: [],
        problems: [problem(csvError, next + 1, from + Number(csvError.lines))],
      })
      if (++malformed >= MAX_MALFORMED) {
        records.push({
          line: next + 1,
          fields: [],
          problems: [`stopped after ${MAX_MALFORMED} malformed rows: the rest of the file was not read`],
        })
        break
      }
      // Read on from the line after the one the broken record starts on, not from where the error showed: when
      // a quote is left open, the error shows lines later, and the rows in between are real rows to import.
      from = next + 1
    }
  }
  return checkRecords(records)
}

/** Field counts against the header (the first record), and NUL characters, which PostgreSQL text cannot hold. */
function checkRecords(records: CsvRecord[]): CsvRecord[] {
  const header = records[0]
  for (const record of records) {
    if (record.problems.length > 0) continue
    if (header && record !== header && header.problems.length === 0 && record.fields.length !== header.fields.length) {
      record.problems.push(`the row has ${fields(record.fields.length)}, the header has ${header.fields.length}`)
    }
    record.fields.forEach((value, i) => {
      if (!value.includes('\0')) return
      const column = record === header ? '' : ` (${header?.fields[i]?.trim() || `field ${i + 1}`})`
      record.problems.push(`a field${column} contains a NUL character, which cannot be stored`)
    })
  }
  return records
}
