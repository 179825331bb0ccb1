/** Pure, so tap tests can load it: the root tsconfig that checks them has no DOM types. */

export interface DeviceHints {
  userAgent: string
  platform: string
  maxTouchPoints: number
}

/** iPhone, iPad or iPod: Safari there has no install prompt, only "Add to Home Screen" by hand. */
export function isIosDevice({ userAgent, platform, maxTouchPoints }: DeviceHints): boolean {
  if (/iPhone|iPad|iPod/.test(userAgent)) return true
  // iPadOS asks for desktop pages and reports itself as a Mac; Macs have no touch screen.
  return platform === 'MacIntel' && maxTouchPoints > 1
}
