import type { MessageDescriptor } from '@lingui/core'

/** A descriptor whose id is exactly its key, so `messages.invalidphone.id === 'invalidphone'` holds by type. */
export type KeyedDescriptors<T> = {
  readonly [K in keyof T]: MessageDescriptor & { readonly id: K; readonly message: string }
}

/**
 * Identity function that checks each descriptor's id against its key. The `/*i18n*\/` comment before each object
 * literal is what `lingui extract` looks for, since no macros are used.
 */
export function defineMessages<const T extends KeyedDescriptors<T>>(descriptors: T): T {
  return descriptors
}
