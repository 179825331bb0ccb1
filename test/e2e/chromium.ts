/**
 * Which Chromium the browser tests and the benches drive, and how. Apart from browser.ts so that a bench can use it
 * without importing tap, whose root test would end a long bench run at its timeout.
 */
import { existsSync } from 'node:fs'

/** The full browser: only it has web push, notifications and the install prompt. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`, the same version built from the same source): the
 * browser without its user interface, which a browser file runs in with about half the full browser's CPU
 * (docs/testing.md, "Which Chromium"). It has no web push, no notifications and no install prompt, so the files
 * that need them launch CHROMIUM_PATH. A CHROMIUM_PATH set without CHROMIUM_HEADLESS_SHELL_PATH runs every file in
 * that one browser; without the shell installed, the full browser runs them all.
 */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  process.env.CHROMIUM_PATH ??
  (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : CHROMIUM_PATH)

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
