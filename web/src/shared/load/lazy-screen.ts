import { createElement, lazy, type ComponentProps, type ComponentType, type ReactNode } from 'react'

/** A screen (page, dialog, tab) whose code is a chunk of its own, fetched on first use or by `preload`. */
export interface LazyScreen<P> {
  (props: P): ReactNode
  /** Starts fetching the screen's code and texts now; a failure is forgotten, and the first render tries again. */
  preload: () => void
}

/** Screens whose load failed: each makes a fresh `lazy` when asked to try again. */
const failed = new Set<() => void>()
/**
 * Whether a module (code or texts) failed to fetch, rather than only a stylesheet: the page's module map keeps a
 * failed module for good (HTML's module map; so Chromium does), so only a reload fetches it again.
 */
let moduleFailed = false
/** What is told of every failed load (main.tsx: a new release reloads the page, docs/pwa.md). */
let failureListener: (error: unknown) => void = () => {}

/**
 * React.lazy for a screen, which can be tried again: a `lazy` whose import failed keeps the failure for ever, so
 * after a failure the screen is rendered through a new one (retryFailedScreens). `load` is the chunk's import with
 * its texts (withTexts).
 */
// `any` as in React.lazy's own signature: a component of any props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyScreen<ComponentProps<T>> {
  let loading: Promise<{ default: T }> | null = null
  const start = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      failed.add(renew)
      // Vite's preload of a stylesheet fails before the module is imported: that one can be fetched again in place.
      if (!(error instanceof Error && error.message.startsWith('Unable to preload CSS'))) moduleFailed = true
      failureListener(error)
      throw error
    }))
  const renew = () => {
    current = lazy(start)
  }
  let current = lazy(start)
  const screen = (props: ComponentProps<T>) => createElement(current, props)
  screen.preload = () => void start().catch(() => undefined)
  return screen
}

/** Tells `listener` of every screen whose code or texts could not be fetched. */
export function onScreenLoadFailure(listener: (error: unknown) => void): void {
  failureListener = listener
}

/** Stylesheets and preloads that failed to load: Vite's preload takes one still in the page as loaded. */
const failedLinks = new Set<HTMLLinkElement>()

/** Notes every <link> that fails, so that trying again fetches its file anew rather than trusting the dead one. */
export function watchFailedLinks(root: Document): void {
  root.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLLinkElement) failedLinks.add(event.target)
    },
    true,
  )
}

/**
 * "Try again": every screen whose load failed is fetched anew the next time it renders. A failed module needs a
 * reload (`reload`, online only: offline it would leave the app for the browser's error page); what is being
 * written is kept (shared/storage/drafts.ts).
 */
export function retryFailedScreens({ reload = false } = {}): void {
  if (reload && moduleFailed && navigator.onLine) {
    window.location.reload()
    return
  }
  for (const link of failedLinks) link.remove()
  failedLinks.clear()
  for (const renew of failed) renew()
  failed.clear()
}
