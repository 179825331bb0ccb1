import t from 'tap'
import { runLighthouse } from '../../bench/lighthouse-runner.ts'
import { checkPrerequisites, startServer } from './browser.ts'

// Accessibility and Best Practices do not depend on timing, so they are checked on every run. Performance does:
// it is measured by `npm run bench:lighthouse` (README, "Measured performance").
checkPrerequisites()
const { baseUrl } = await startServer(t)

t.test('Lighthouse (mobile): Accessibility and Best Practices at least 95 on the public screens', async (t) => {
  const reports = await runLighthouse(
    ['/', '/install', '/login', '/info', '/privacystatement', '/register'].map((path) => `${baseUrl}${path}`),
    ['accessibility', 'best-practices'],
  )
  for (const { url, scores, failing } of reports) {
    const path = new URL(url).pathname
    t.ok((scores.accessibility ?? 0) >= 95, `${path} accessibility ${scores.accessibility}`, { failing })
    t.ok((scores['best-practices'] ?? 0) >= 95, `${path} best practices ${scores['best-practices']}`, { failing })
  }
})
