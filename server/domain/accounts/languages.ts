/**
 * The product's languages (docs/product.md#languages), the keys the API and the app store. A file of its own with no
 * imports: the web app's entry reads it, and must not load the account rules and their messages with it.
 */
export const LANGUAGES = ['finnish', 'swedish', 'english'] as const
export type Language = (typeof LANGUAGES)[number]
