import type { CacheStorage } from '#features/requests'
import type { Conversation, ConversationMessage } from './api.ts'
import { mergeMessages } from './message-order.ts'

/**
 * The open conversations on this device (docs/pwa.md): the messages of the user's own active requests and of the
 * ones they help with, as last loaded or heard live, so at the roadside without a network the owner still reads
 * where the helper said they are. localStorage beside the request list (requests-cache.ts), with the same lifetime:
 * tagged with the user id, deleted at every end of a session. A few conversations of at most 30 messages an hour
 * each are a few tens of kilobytes.
 */
export const CONVERSATIONS_CACHE_KEY = 'conversationsCache'

/** Raised when the stored shape changes: an older copy is then ignored instead of misread. */
const CACHE_VERSION = 1

/** The newest messages kept of one conversation: more than a day's limit of both sides. */
export const KEPT_MESSAGES = 200

export interface CachedConversation {
  /** When it was last saved (ms since the epoch): the offline copy says from when. */
  savedAt: number
  messages: ConversationMessage[]
  readOnly: Conversation['readOnly']
  lastReadId: string | null
}

/** Every kept conversation of one user, by request id. */
export type CachedConversations = Record<number, CachedConversation>

// Storage can be missing (Node, some private modes) or throw (blocked cookies): then nothing is kept.
function deviceStorage(): CacheStorage | null {
  try {
    return (globalThis as { localStorage?: CacheStorage }).localStorage ?? null
  } catch {
    return null
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

function isMessage(value: unknown): value is ConversationMessage {
  return (
    isObject(value) &&
    typeof value.message_id === 'string' &&
    typeof value.request_id === 'number' &&
    typeof value.author_id === 'number' &&
    typeof value.text === 'string' &&
    typeof value.author_name === 'string' &&
    typeof value.created_at === 'string'
  )
}

function parseConversation(value: unknown): CachedConversation | null {
  if (!isObject(value) || typeof value.savedAt !== 'number' || !Array.isArray(value.messages)) return null
  if (!value.messages.every(isMessage)) return null
  const readOnly = value.readOnly
  if (readOnly !== null && readOnly !== 'completed' && readOnly !== 'noHelper' && readOnly !== 'admin') return null
  const lastReadId = typeof value.lastReadId === 'string' ? value.lastReadId : null
  return { savedAt: value.savedAt, messages: value.messages, readOnly, lastReadId }
}

/** Validates instead of trusting: storage outlives app versions and can be edited by hand. */
export function parseCachedConversations(json: string | null, userId: number): CachedConversations {
  if (!json) return {}
  try {
    const value: unknown = JSON.parse(json)
    if (!isObject(value) || value.version !== CACHE_VERSION || value.userId !== userId) return {}
    if (!isObject(value.conversations)) return {}
    const kept: CachedConversations = {}
    for (const [id, conversation] of Object.entries(value.conversations)) {
      const parsed = parseConversation(conversation)
      if (parsed && /^\d+$/.test(id)) kept[Number(id)] = parsed
    }
    return kept
  } catch {
    return {}
  }
}

export function readCachedConversations(userId: number, storage = deviceStorage()): CachedConversations {
  try {
    return parseCachedConversations(storage?.getItem(CONVERSATIONS_CACHE_KEY) ?? null, userId)
  } catch {
    return {}
  }
}

export function readCachedConversation(
  userId: number,
  requestId: number,
  storage = deviceStorage(),
): CachedConversation | null {
  return readCachedConversations(userId, storage)[requestId] ?? null
}

function write(userId: number, conversations: CachedConversations, storage: CacheStorage | null): void {
  try {
    if (Object.keys(conversations).length === 0) storage?.removeItem(CONVERSATIONS_CACHE_KEY)
    else storage?.setItem(CONVERSATIONS_CACHE_KEY, JSON.stringify({ version: CACHE_VERSION, userId, conversations }))
  } catch {
    // Full or blocked: the conversation is simply not there offline.
  }
}

/** Keeps a conversation as the server answered it, with what arrived since, replacing the last copy. */
export function saveCachedConversation(
  userId: number,
  requestId: number,
  conversation: Omit<CachedConversation, 'messages'> & { messages: readonly ConversationMessage[] },
  storage = deviceStorage(),
): void {
  const kept = readCachedConversations(userId, storage)
  kept[requestId] = { ...conversation, messages: conversation.messages.slice(-KEPT_MESSAGES) }
  write(userId, kept, storage)
}

/**
 * Adds messages heard live to the copies kept of their conversations; a conversation with no copy yet is left alone
 * (a copy of only its newest messages would read as the whole conversation).
 */
export function addToCachedConversations(
  userId: number,
  arrived: readonly ConversationMessage[],
  now: number,
  storage = deviceStorage(),
): void {
  const kept = readCachedConversations(userId, storage)
  let changed = false
  for (const message of arrived) {
    const held = kept[message.request_id]
    if (!held || held.messages.some((m) => m.message_id === message.message_id)) continue
    kept[message.request_id] = {
      ...held,
      savedAt: now,
      messages: mergeMessages(held.messages, [message]).slice(-KEPT_MESSAGES),
    }
    changed = true
  }
  if (changed) write(userId, kept, storage)
}

/** Forgets every kept conversation but those of `open` request ids (the user's own and helped, not completed). */
export function keepOnlyCachedConversations(
  userId: number,
  open: ReadonlySet<number>,
  storage = deviceStorage(),
): void {
  const kept = readCachedConversations(userId, storage)
  const ids = Object.keys(kept).map(Number)
  if (ids.every((id) => open.has(id))) return
  for (const id of ids) if (!open.has(id)) delete kept[id]
  write(userId, kept, storage)
}

export function clearCachedConversations(storage = deviceStorage()): void {
  try {
    storage?.removeItem(CONVERSATIONS_CACHE_KEY)
  } catch {
    // Nothing could have been saved either.
  }
}
