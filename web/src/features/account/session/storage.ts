import { parseStoredUser, type StoredUser } from './stored-user.ts'

/** The localStorage keys the contract names (docs/product.md#accounts, #languages). */
export const TOKEN_KEY = 'token'
export const USER_KEY = 'user'

// Storage can throw (blocked cookies, some private modes): then the session lives only as long as the page.
function read(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key)
    else localStorage.setItem(key, value)
  } catch {
    // Not saved; see above.
  }
}

export const readToken = (): string | null => read(TOKEN_KEY)
export const writeToken = (token: string): void => write(TOKEN_KEY, token)
export const readUser = (): StoredUser | null => parseStoredUser(read(USER_KEY))
export const writeUser = (user: StoredUser): void => write(USER_KEY, JSON.stringify(user))

/** Log-out, account deletion and a refused refresh all forget both. */
export function clearStoredSession(): void {
  write(TOKEN_KEY, null)
  write(USER_KEY, null)
}
