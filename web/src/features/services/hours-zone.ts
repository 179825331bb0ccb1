/** docs/services.md#opening-hours: every service's hours are Finnish time, wherever the device is. */
export const HOURS_TIME_ZONE_NAME = 'Europe/Helsinki'
