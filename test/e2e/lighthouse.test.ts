import t from 'tap'
import { PUBLIC_PATHS, REQUIRED, runLighthouse, type Category } from '../../bench/lighthouse-runner.ts'
import { checkPrerequisites, startServer } from './browser.ts'

// Accessibility and Best Practices do not depend on timing, so they are checked on every run. Performance does:
// it is measured by `npm run bench:lighthouse` (docs/performance.md, "Measured").
checkPrerequisites()
const { baseUrl } = await startServer(t)

t.test('Lighthouse (mobile): Accessibility and Best Practices at least 95 on the public screens', async (t) => {
  const categories: Category[] = ['accessibility', 'best-practices']
  const reports = await runLighthouse(
    PUBLIC_PATHS.map((path) => `${baseUrl}${path}`),
    categories,
  )
  for (const { url, scores, failing } of reports) {
    const path = new URL(url).pathname
    for (const category of categories) {
      const required = REQUIRED[category] ?? 100
      t.ok((scores[category] ?? 0) >= required, `${path} ${category} ${scores[category]} (at least ${required})`, {
        failing,
      })
    }
  }
})
