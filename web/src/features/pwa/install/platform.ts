import { isIosDevice } from './ios-device.ts'

/** How the app is running on this device, read from the browser. */

export function isRunningOnIos(): boolean {
  return isIosDevice({
    userAgent: navigator.userAgent,
    platform: navigator.platform,
    maxTouchPoints: navigator.maxTouchPoints,
  })
}

/** Opened as the installed app; iOS Safari reports that only through its own navigator.standalone. */
export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches
}
