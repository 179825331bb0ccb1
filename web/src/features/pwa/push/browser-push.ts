import { fetchClientConfig } from '#shared/api/config.ts'
import { checkSubscription, deleteSubscription, saveSubscription, type PushSubscriptionData } from './api.ts'
import { base64UrlToBytes, sameBytes } from './base64url.ts'
import { SERVICE_WORKER_URL } from '../register.ts'

/** What the settings section shows. */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on'

/**
 * Push needs the Push API, notifications and our worker. Without a registered worker (a development build, or a
 * failed registration) it is as good as unsupported.
 */
async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return null
  return (await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)) ?? null
}

/** The state of this browser for the logged-in user: subscribed here *and* known to the server under this user. */
export async function readPushState(): Promise<PushState> {
  return (await readPushStatus()).state
}

/** readPushState, with when an alert last reached this device (its service worker's latest receipt). */
export async function readPushStatus(): Promise<{ state: PushState; lastReachedAt: string | null }> {
  const registration = await pushRegistration()
  if (!registration) return { state: 'unsupported', lastReachedAt: null }
  if (Notification.permission === 'denied') return { state: 'denied', lastReachedAt: null }
  const subscription = await registration.pushManager.getSubscription()
  if (!subscription || Notification.permission !== 'granted') return { state: 'off', lastReachedAt: null }
  const { subscribed, lastReachedAt } = await checkSubscription(subscription.endpoint)
  return subscribed ? { state: 'on', lastReachedAt } : { state: 'off', lastReachedAt: null }
}

/**
 * subscribe() talks to the browser's push service and never settles when that cannot be reached (seen in Chromium
 * without network): the button must not stay busy for ever.
 */
const SUBSCRIBE_TIMEOUT_MS = 20_000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer from the push service in ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

/** Asks for permission, subscribes this browser and tells the server. Resolves the state it ends in. */
export async function turnPushOn(): Promise<PushState> {
  if (!(await pushRegistration())) return 'unsupported'
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return 'denied'
  if (permission !== 'granted') return 'off'
  // subscribe() needs an active worker; the registration may still be installing on a first visit.
  const registration = await navigator.serviceWorker.ready
  const key = base64UrlToBytes((await fetchClientConfig()).vapidPublicKey)
  const existing = await registration.pushManager.getSubscription()
  // A subscription made with an earlier server key cannot be reused: subscribe() would refuse the new key.
  if (existing && !sameBytes(existing.options.applicationServerKey, key)) await existing.unsubscribe()
  const subscription = await withTimeout(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
  )
  await saveSubscription(subscription.toJSON() as PushSubscriptionData)
  return 'on'
}

/** Tells the server first, so a failure leaves both sides subscribed; then ends the browser's subscription. */
export async function turnPushOff(): Promise<PushState> {
  const registration = await pushRegistration()
  if (!registration) return 'unsupported'
  const subscription = await registration.pushManager.getSubscription()
  if (subscription) {
    await deleteSubscription(subscription.endpoint)
    await subscription.unsubscribe()
  }
  return 'off'
}
