const PREVIEW_MAX = 120

/**
 * The description's first line, cut short: CSS shows one line with an ellipsis, and a screen reader hears a preview
 * in the card's name, not all 500 characters.
 */
export function previewOf(description: string): string {
  const firstLine = description.trim().split('\n', 1)[0] ?? ''
  return firstLine.length > PREVIEW_MAX ? `${firstLine.slice(0, PREVIEW_MAX - 1).trimEnd()}…` : firstLine
}
