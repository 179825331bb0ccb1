import { KeyedError } from '../api/errors.ts'
import type { MessageKey } from '../i18n/catalog.ts'

/** A rule broken by one field: the message is shown under that field, which then gets focus. */
export class FieldError extends KeyedError {
  readonly field: string

  constructor(key: MessageKey, field: string) {
    super(key)
    this.name = 'FieldError'
    this.field = field
  }
}

/** Throws a FieldError when `key` is set: the validators return a key or null. */
export function check(key: MessageKey | null, field: string): void {
  if (key) throw new FieldError(key, field)
}
