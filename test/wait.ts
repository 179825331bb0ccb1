/**
 * Waits until `condition` holds, checking every few milliseconds. No deadline of its own: a busy machine only makes
 * it slower, and a condition that never comes is ended by the test runner's timeout.
 */
export async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 10))
}
