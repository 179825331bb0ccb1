/**
 * Which Chromium the browser tests and the benches drive, and how. Apart from browser.ts so that a bench can use it
 * without importing tap, whose root test would end a long bench run at its timeout.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
