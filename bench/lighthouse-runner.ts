import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
export type Scores = Partial<Record<Category, number>>

/** The screens a visitor can open, each measured on its own. */
export const PUBLIC_PATHS = ['/', '/install', '/login', '/info', '/privacystatement', '/register'] as const

/** The thresholds of the installable-PWA issue; SEO is reported, not required. */
export const REQUIRED: Scores = { performance: 90, accessibility: 95, 'best-practices': 95 }

export interface PageReport {
  url: string
  /** 0-100 per category. */
  scores: Scores
  /** Weighted audits that did not pass, as "category: audit title (score)", so a low score says what to fix. */
  failing: string[]
}

// Headless on a server without a GPU, no background traffic (there is no internet here).
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
]

/**
 * Runs Lighthouse with its default mobile settings (a mid-range phone, simulated slow 4G and a slowed CPU) on each
 * URL, in a fresh Chromium per URL so no cache carries over: CHROMIUM_PATH (default /usr/bin/chromium), the same
 * browser the browser tests use.
 */
export async function runLighthouse(
  urls: readonly string[],
  categories: readonly Category[] = CATEGORIES,
): Promise<PageReport[]> {
  const reports: PageReport[] = []
  for (const url of urls) {
    const lhr = await audit(url, categories)
    const scores: Scores = {}
    const failing: string[] = []
    for (const category of categories) {
      const entry = lhr.categories[category]
      scores[category] = Math.round((entry?.score ?? 0) * 100)
      for (const ref of entry?.auditRefs ?? []) {
        const result = lhr.audits[ref.id]
        if (ref.weight > 0 && result && result.score !== null && result.score < 0.9) {
          const detail = result.displayValue ? `, ${result.displayValue}` : ''
          failing.push(`${category}: ${result.title} (${Math.round(result.score * 100)}${detail})`)
        }
      }
    }
    reports.push({ url, scores, failing })
  }
  return reports
}

/**
 * One Lighthouse run. A headless Chromium on a busy machine now and then reports that the page never painted
 * (NO_FCP) although it did: such a run error is retried once, a second one is thrown.
 */
async function audit(url: string, categories: readonly Category[], attempt = 1) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
      // Twice Lighthouse's defaults: the test suite runs it beside other browser tests on two shared cores.
      maxWaitForFcp: 60_000,
      maxWaitForLoad: 90_000,
    })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { runtimeError } = result.lhr
    if (!runtimeError) return result.lhr
    if (attempt < 2) return await audit(url, categories, attempt + 1)
    throw new Error(`Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`)
  } finally {
    chrome.kill()
  }
}
