/**
 * The server's words for "On my way", the helper's shared position (docs/product.md#on-my-way). Pure values: the web
 * client maps them to its catalog keys (web/src/api/server-messages.ts).
 */
export const POSITION_MESSAGES = {
  notResponder: 'Only the current helper can share their location.',
  notViewer: "Only the owner and the helper can see the helper's location.",
  tooOften: 'Location updates are limited to one every 5 seconds.',
} as const
