import type { Coordinates } from '#shared/api/types.ts'

/** How long to wait for a fix: a cold GPS under trees can take a while, but the user should not wait forever. */
const TIMEOUT_MS = 15_000
/** A fix from the last minute is good enough: a cyclist waiting for help has not gone far. */
const MAXIMUM_AGE_MS = 60_000

/** The browser's current position. Rejects when geolocation is missing, refused or times out. */
export function getBrowserLocation(): Promise<Coordinates> {
  return new Promise((resolve, reject) => {
    // Missing in some browsers and null in others (and in happy-dom): both mean no geolocation.
    if (!navigator.geolocation) {
      reject(new Error('This browser has no geolocation'))
      return
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      // A GeolocationPositionError is not an Error: give it a message that says what happened.
      (error) => reject(new Error(`Geolocation failed (code ${error.code}): ${error.message}`)),
      { enableHighAccuracy: true, timeout: TIMEOUT_MS, maximumAge: MAXIMUM_AGE_MS },
    )
  })
}

/**
 * Follows the browser's position while the user moves; call the answer to stop. Low accuracy by default: a kilometre
 * matters for the list, not metres, and it spares the battery. `precise` is for a helper on their way, whose dot the
 * owner watches approach (fixes at most 5 s old). Errors only end the updates (a refused permission, no fix);
 * `onDenied` hears of a refused permission (or no geolocation at all), after which no fix will come.
 */
export function watchBrowserLocation(
  onFix: (position: Coordinates) => void,
  precise = false,
  onDenied: () => void = () => {},
): () => void {
  if (!navigator.geolocation) {
    onDenied()
    return () => {}
  }
  const id = navigator.geolocation.watchPosition(
    ({ coords }) => onFix({ latitude: coords.latitude, longitude: coords.longitude }),
    (error) => {
      console.warn('Following the position stopped', error.message)
      if (error.code === error.PERMISSION_DENIED) onDenied()
    },
    precise
      ? { enableHighAccuracy: true, maximumAge: 5_000 }
      : { enableHighAccuracy: false, maximumAge: MAXIMUM_AGE_MS },
  )
  return () => navigator.geolocation.clearWatch(id)
}
