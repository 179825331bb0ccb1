import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
export type Category = (typeof CATEGORIES)[number]
export type Scores = Partial<Record<Category, number>>

/** The screens a visitor can open, each measured on its own. */
export const PUBLIC_PATHS = ['/', '/install', '/login', '/info', '/privacystatement', '/register'] as const

/**
 * The product's requirement on every public page (docs/performance.md, "Lighthouse"): performance 95, the other
 * categories at 100.
 */
export const REQUIRED: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
}

/** What the first paint waited for, in Lighthouse's simulated mobile timings. */
export interface PageTimings {
  /** First contentful paint, ms. */
  fcp: number
  /** Largest contentful paint, ms. */
  lcp: number
  /** Total blocking time, ms. */
  tbt: number
}

export interface PageReport {
  url: string
  /** 0-100 per category. */
  scores: Scores
  timings: PageTimings
  /**
   * Lighthouse's benchmarkIndex of the host ("CPU/Memory Power" in its report): its 4× CPU slowdown stands for a
   * mid-tier phone on a high-end desktop (1500-2000); on a slower host the same page scores lower
   * (docs/performance.md, "Lighthouse").
   */
  benchmarkIndex: number
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
    const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)
    const timings = {
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
    }
    reports.push({ url, scores, timings, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex), failing })
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
    // Behind Caddy (bench/lib/caddy.ts) the certificate is from Caddy's local authority, which is not trusted here.
    chromeFlags: url.startsWith('https://localhost:') ? [...CHROME_FLAGS, '--ignore-certificate-errors'] : CHROME_FLAGS,
  })
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...categories],
      // Twice Lighthouse's defaults: the machine's two cores are shared.
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

// `node --import tsx bench/lighthouse-runner.ts <url>…`: the reports as JSON on stdout, for a bench that keeps
// Lighthouse (its modules, its traces of a few hundred MB) out of its own process (bench/lighthouse.ts).
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const reports = await runLighthouse(process.argv.slice(2))
  process.stdout.write(JSON.stringify(reports) + '\n')
}
