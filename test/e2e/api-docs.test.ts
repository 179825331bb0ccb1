import t from 'tap'
import { checkPrerequisites, launchBrowser, openContext, screenshot, startServer } from './browser.ts'

checkPrerequisites()
const browser = await launchBrowser(t)
const { baseUrl } = await startServer(t)

t.test('/api/docs renders the API reference under its own Content-Security-Policy', async (t) => {
  const { page, pageErrors } = await openContext(t, browser, { viewport: { width: 1280, height: 900 } })
  const answer = await page.goto(`${baseUrl}/api/docs`)
  t.ok(answer?.ok(), 'the page answers')
  // swagger-ui builds the page from /api/openapi.json in the browser: an operation on screen proves its scripts ran.
  await page.getByText('/api/requests/{id}/addresponder').first().waitFor()
  t.ok(
    await page
      .getByRole('heading', { name: /Pyöräapu/ })
      .first()
      .isVisible(),
    'the document title is shown',
  )
  t.same(pageErrors, [], 'no script error and no CSP violation')
  await screenshot(page, 'api-docs')
})
