import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import type { Test } from 'tap'

const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, heading order, one h1, ...). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const FAILING_IMPACTS = new Set(['serious', 'critical'])
/**
 * The rules whose result depends on the colours: all a second colour scheme of the same page can change, as the
 * schemes differ only in the stylesheet's colour tokens (the markup, names and roles are the same).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown[]; failureSummary?: string }[]
}

/**
 * Runs axe-core on the page as it is now (modals included) and fails on every serious or critical violation,
 * naming the rule, its help text and the failing elements, so the report says what to fix and where. Nothing is
 * excluded: a fix belongs in the tokens or the component, not in a list of ignored rules. `colourOnly` runs only the
 * rules about colours: for the same page again in the other colour scheme, after a full run in one.
 */
export async function expectNoSeriousViolations(
  t: Test,
  page: Page,
  label: string,
  { colourOnly = false }: { colourOnly?: boolean } = {},
): Promise<void> {
  const runOnly = colourOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: TAGS }
  // Evaluated, not added as a <script>: the app's CSP (script-src 'self') rightly refuses inline scripts, and
  // bypassing it would test a page less strict than the real one. A navigation drops it: once per document.
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(axeSource)
  // Page code as a string: this tsconfig has Node's types, not the DOM's.
  const violations = await page.evaluate<Violation[]>(`(async () => {
    const result = await window.axe.run(document, { runOnly: ${JSON.stringify(runOnly)} })
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })),
    }))
  })()`)
  const serious = violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .map((node) => `    ${JSON.stringify(node.target)}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`)
        .join('\n'),
  )
  t.same(report, [], `${label}: no serious or critical accessibility violations`)
  if (report.length) t.comment(`${label}\n${report.join('\n')}`)
}
