/** The 112 line's texts (docs/product.md#help-requests, "112 when it is serious"). */
export const emergencyMessages = {
  emergencycall: /*i18n*/ {
    id: 'emergencycall',
    message: 'Life in danger? Call 112',
    comment: 'A call link to the emergency number 112, in the new request form and the owner’s request detail.',
  },
  emergencydanger: /*i18n*/ {
    id: 'emergencydanger',
    message: 'If someone is hurt or in danger, call 112 first. Helpers here are other cyclists.',
    comment: 'Shown at the top of the new request form when the description mentions an injury or danger.',
  },
  emergencyotherdanger: /*i18n*/ {
    id: 'emergencyotherdanger',
    message: 'The person asking mentions an injury. If someone is hurt, call 112 first.',
    comment:
      'At the top of a request someone else asked for, when its description mentions an injury or danger: to the helper and to anyone deciding whether to help.',
  },
  emergencyrequestpoint: /*i18n*/ {
    id: 'emergencyrequestpoint',
    message: 'The request’s point to read out: latitude {latitude}, longitude {longitude}',
    comment:
      'Decimal degrees with five decimals: the exact point of the request, where helpers are sent, for telling the emergency operator.',
  },
  emergencyposition: /*i18n*/ {
    id: 'emergencyposition',
    message: 'Your position to read out: latitude {latitude}, longitude {longitude}',
    comment: 'Decimal degrees with five decimals, for telling the emergency operator where you are.',
  },
  notemergencyservice: /*i18n*/ {
    id: 'notemergencyservice',
    message: 'Bike Help is not an emergency service.',
    comment: 'The app’s name as the appname message gives it in this language.',
  },
}
