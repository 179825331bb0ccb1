import type { Ref } from 'react'
import { telHref } from './format.ts'
import { usePhoneDisplay } from './display.ts'

/** A phone number as a call link: shown in international format, dialled as stored (E.164). */
export function PhoneLink({ phone, ref }: { phone: string; ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a ref={ref} href={telHref(phone)}>
      {usePhoneDisplay(phone)}
    </a>
  )
}
