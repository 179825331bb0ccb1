/**
 * Waits until `condition` holds, checking every few milliseconds. No deadline of its own: a busy machine only makes
 * it slower, and a condition that never comes is ended by the test runner's timeout. With `holdProcess: false` the
 * wait does not keep the process alive by itself: for a wait that may lose a race and be left behind (one of several
 * outboxes awaited with Promise.any), which must not keep the test file from ending.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  { holdProcess = true }: { holdProcess?: boolean } = {},
): Promise<void> {
  while (!(await condition())) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, 10)
      if (!holdProcess) timer.unref()
    })
  }
}
