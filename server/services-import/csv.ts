/** One CSV record with the line its first field starts on (for error messages). */
export interface CsvRecord {
  line: number
  fields: string[]
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = []
  let fields: string[] = []
  let field = ''
  let quoted = false
  let line = 1
  let recordLine = 1
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') {
        quoted = false
      } else if (char === '\r' && text[i + 1] === '\n') {
        // A Windows line break inside a quoted field becomes a plain \n, as everywhere else in the app.
        continue
      } else {
        if (char === '\n') line++
        field += char
      }
      continue
    }
    if (char === '"' && field === '') quoted = true
    else if (char === ',') {
      fields.push(field)
      field = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++
      fields.push(field)
      if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields })
      fields = []
      field = ''
      line++
      recordLine = line
    } else field += char
  }
  fields.push(field)
  if (fields.some((value) => value !== '')) records.push({ line: recordLine, fields })
  return records
}
