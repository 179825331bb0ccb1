import { onFileTimeout } from './tap-file.ts'

/** The waits still waiting, named on stderr when the test runner's timeout ends the file. */
const waiting = new Set<{ what: string }>()
onFileTimeout(() => {
  for (const { what } of waiting) console.error(`# timed out waiting until ${what}`)
})

/**
 * The one wait of the tests (docs/testing.md, "Helpers"): resolves once `condition` holds, checking it every few
 * milliseconds. No deadline of its own: a busy machine only makes it slower, and a condition that never comes is
 * ended by the test file's timeout, which then names the condition and where it was awaited. A page's state is one
 * more condition: `waitUntil(() => page.evaluate<boolean>('expression'))`. With `holdProcess: false` the wait does
 * not keep the process alive by itself: for a wait that may lose a race and be left behind (one of several outboxes
 * awaited with Promise.any), which must not keep the test file from ending.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { holdProcess = true }: { holdProcess?: boolean } = {},
): Promise<void> {
  const caller = new Error().stack?.split('\n')[2]?.trim() ?? ''
  const wait = { what: `${String(condition)} ${caller}` }
  waiting.add(wait)
  try {
    while (!(await condition())) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 10)
        if (!holdProcess) timer.unref()
      })
    }
  } finally {
    waiting.delete(wait)
  }
}
