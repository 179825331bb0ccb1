import type { Page } from 'playwright-core'

// Code that runs in the page is written as a string expression: this tsconfig has Node's types, not the DOM's.

/** The session's token as the app keeps it on the device, or null. */
export const storedToken = (page: Page) => page.evaluate<string | null>("localStorage.getItem('token')")

/** The user as the app keeps it on the device, or null. */
export const storedUser = async (page: Page) =>
  JSON.parse((await page.evaluate<string | null>("localStorage.getItem('user')")) ?? 'null') as Record<
    string,
    unknown
  > | null
