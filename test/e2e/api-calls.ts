import type { Page } from 'playwright-core'
import type { TestUser } from './accounts-helpers.ts'

/** A call to the server's API as another user's own app would make it (JSON in, JSON out), failing on an error. */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  method: string,
  body: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path} answered ${response.status}`)
  return (await response.json()) as T
}

/** The access token of `user`, logged in through the API. */
export async function tokenOf(baseUrl: string, user: TestUser): Promise<string> {
  const body = { identifier: user.username, password: user.password }
  return (await apiCall<{ token: string }>(baseUrl, '/api/user/login', 'POST', body)).token
}

/**
 * A call to the API from inside a signed-in page, with that page's own token, as its app would make it; answers the
 * status and the body (empty when it is not JSON) without failing. Page code is a string: the root tsconfig has no
 * DOM types.
 */
export const pageCall = (page: Page, method: string, path: string, body?: object) =>
  page.evaluate<{ status: number; body: { request_id?: number } }>(`(async () => {
    const response = await fetch(${JSON.stringify(path)}, {
      method: ${JSON.stringify(method)},
      headers: {
        Authorization: 'Bearer ' + localStorage.getItem('token'),
        ${body ? "'Content-Type': 'application/json'," : ''}
      },
      ${body ? `body: ${JSON.stringify(JSON.stringify(body))},` : ''}
    })
    return { status: response.status, body: await response.json().catch(() => ({})) }
  })()`)
