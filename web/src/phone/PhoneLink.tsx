import { telHref } from '../services/services.ts'
import { usePhoneDisplay } from './display.ts'

/** A phone number as a call link: shown in international format, dialled as stored (E.164). */
export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{usePhoneDisplay(phone)}</a>
}
