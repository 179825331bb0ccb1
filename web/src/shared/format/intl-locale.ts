/**
 * The locale Intl formats in for the app's language: English as written in Finland and Europe ("29 Nov", "08:03"),
 * not Intl's default for "en", which is American ("11/29", "8:03 AM"). The app's own language ids ("fi", "sv", "en")
 * stay as they are everywhere else (catalogs, stored settings).
 */
export const intlLocale = (locale: string): string => (locale === 'en' ? 'en-GB' : locale)
