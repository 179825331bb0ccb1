/**
 * A VAPID public key as `pushManager.subscribe` wants it: the server gives base64url text (RFC 4648 section 5,
 * padding optional), the browser wants the 65 raw bytes.
 */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.trim().replaceAll('-', '+').replaceAll('_', '/')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.replace(/=+$/, '').length % 4 === 1) {
    throw new Error('not base64url')
  }
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Whether an existing subscription was made with this key; a rotated server key needs a new subscription. */
export function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}
