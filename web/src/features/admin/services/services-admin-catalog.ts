import type { MessageDescriptor } from '@lingui/core'
import { defineMessages } from '#shared/i18n/define-messages.ts'
import type { FormProblem } from './service-form.ts'

/** Texts of the dashboard's service management: the list, the form and its checks. */
export const servicesAdminMessages = defineMessages({
  addservice: /*i18n*/ {
    id: 'addservice',
    message: 'Add service',
    comment: 'Admin: opens the form for a new service.',
  },
  newservice: /*i18n*/ {
    id: 'newservice',
    message: 'New service',
    comment: 'Admin: title of the form for a new service.',
  },
  editservice: /*i18n*/ { id: 'editservice', message: 'Edit service', comment: 'Admin: title of the service form.' },
  editnamed: /*i18n*/ {
    id: 'editnamed',
    message: 'Edit {name}',
    comment: 'Admin service list: screen-reader name of a row’s Edit button; {name} is the service’s name.',
  },
  deletenamed: /*i18n*/ {
    id: 'deletenamed',
    message: 'Delete {name}',
    comment: 'Admin service list: screen-reader name of a row’s Delete button.',
  },
  searchservices: /*i18n*/ { id: 'searchservices', message: 'Search services' },
  searchserviceshint: /*i18n*/ {
    id: 'searchserviceshint',
    message: 'Name in any language, address or category',
    comment: 'Admin: what the service search looks in.',
  },
  servicesfound: /*i18n*/ {
    id: 'servicesfound',
    message: '{count, plural, one {# service} other {# services}}',
    comment: 'Admin: how many services the list shows (after the search).',
  },
  noservicesyet: /*i18n*/ { id: 'noservicesyet', message: 'There are no services yet.' },
  noservicesmatch: /*i18n*/ { id: 'noservicesmatch', message: 'No service matches the search.' },
  choosecategory: /*i18n*/ {
    id: 'choosecategory',
    message: 'Choose…',
    comment: 'Admin service form: the empty first option of the category list.',
  },
  logourl: /*i18n*/ { id: 'logourl', message: 'Logo address (URL)' },
  externalid: /*i18n*/ { id: 'externalid', message: 'External id' },
  externalidhint: /*i18n*/ {
    id: 'externalidhint',
    message: 'The id an import updates this service by. Leave it empty for a service added here.',
  },
  servicetexts: /*i18n*/ {
    id: 'servicetexts',
    message: 'Name, description and website',
    comment: 'Admin service form: heading of the texts given per language.',
  },
  servicetextshint: /*i18n*/ {
    id: 'servicetextshint',
    message:
      'A name in at least one language is needed. The app shows the user’s language, else English, else Finnish.',
  },
  servicename: /*i18n*/ { id: 'servicename', message: 'Name' },
  servicedescription: /*i18n*/ { id: 'servicedescription', message: 'Description' },
  servicewebsite: /*i18n*/ { id: 'servicewebsite', message: 'Website' },
  servicelocation: /*i18n*/ { id: 'servicelocation', message: 'Location' },
  servicelocationhint: /*i18n*/ {
    id: 'servicelocationhint',
    message: 'Tap the map to place the service, or type its coordinates.',
  },
  servicelatitude: /*i18n*/ { id: 'servicelatitude', message: 'Latitude' },
  servicelongitude: /*i18n*/ { id: 'servicelongitude', message: 'Longitude' },
  pickpointmap: /*i18n*/ {
    id: 'pickpointmap',
    message: 'Map for choosing the service’s location',
    comment: 'Screen-reader name of the map in the admin service form.',
  },
  deleteservicetitle: /*i18n*/ { id: 'deleteservicetitle', message: 'Delete the service?' },
  deleteservicetext: /*i18n*/ {
    id: 'deleteservicetext',
    message: '“{name}” is removed from the service map of every user. This cannot be undone.',
  },
  serviceadded: /*i18n*/ { id: 'serviceadded', message: 'Service added' },
  serviceupdated: /*i18n*/ { id: 'serviceupdated', message: 'Service updated' },
  servicedeleted: /*i18n*/ { id: 'servicedeleted', message: 'Service deleted' },
  servicenotfound: /*i18n*/ {
    id: 'servicenotfound',
    message: 'The service was not found: someone may have deleted it.',
  },
  serviceexternalidtaken: /*i18n*/ { id: 'serviceexternalidtaken', message: 'Another service has this external id' },
  // The server's rules (server/domain/services/rules.ts), one message each.
  servicecategoryneeded: /*i18n*/ { id: 'servicecategoryneeded', message: 'Choose a category' },
  servicelatitudeinvalid: /*i18n*/ {
    id: 'servicelatitudeinvalid',
    message: 'Latitude must be a number from -90 to 90',
  },
  servicelongitudeinvalid: /*i18n*/ {
    id: 'servicelongitudeinvalid',
    message: 'Longitude must be a number from -180 to 180',
  },
  serviceurlinvalid: /*i18n*/ {
    id: 'serviceurlinvalid',
    message: 'Enter a web address that starts with http:// or https://',
  },
  servicephoneinvalid: /*i18n*/ {
    id: 'servicephoneinvalid',
    message: 'A phone number is 5–30 characters: digits, spaces, hyphens, brackets and a leading +',
  },
  serviceunstorable: /*i18n*/ {
    id: 'serviceunstorable',
    message: 'A field contains a character that cannot be saved',
  },
  servicenameneeded: /*i18n*/ { id: 'servicenameneeded', message: 'Give a name in at least one language' },
  servicenamelength: /*i18n*/ { id: 'servicenamelength', message: 'A name can be at most 200 characters' },
  servicedescriptionlength: /*i18n*/ {
    id: 'servicedescriptionlength',
    message: 'A description can be at most 5000 characters',
  },
  serviceopeninghoursinvalid: /*i18n*/ {
    id: 'serviceopeninghoursinvalid',
    message: 'The opening hours could not be read. Write them as in the example, or leave the field empty',
    comment: 'Admin service form: the opening hours field holds a value in OpenStreetMap syntax that is not valid.',
  },
  openinghourshint: /*i18n*/ {
    id: 'openinghourshint',
    message:
      'OpenStreetMap’s opening_hours format, e.g. {example}. PH means public holidays: “PH off”. Empty when not known.',
    comment:
      'Admin service form, under the opening hours field. {example} is written in OpenStreetMap syntax: keep the words opening_hours, PH and off as they are.',
  },
  servicenamefortexts: /*i18n*/ {
    id: 'servicenamefortexts',
    message: 'Give a name in this language too, or leave its description and website empty',
  },
})

/** The message of each rule, in the user's language. */
export const RULE_MESSAGES: Record<FormProblem['rule'], MessageDescriptor> = {
  category: servicesAdminMessages.servicecategoryneeded,
  latitude: servicesAdminMessages.servicelatitudeinvalid,
  longitude: servicesAdminMessages.servicelongitudeinvalid,
  url: servicesAdminMessages.serviceurlinvalid,
  phone: servicesAdminMessages.servicephoneinvalid,
  unstorable: servicesAdminMessages.serviceunstorable,
  name_needed: servicesAdminMessages.servicenameneeded,
  name_length: servicesAdminMessages.servicenamelength,
  description_length: servicesAdminMessages.servicedescriptionlength,
  opening_hours: servicesAdminMessages.serviceopeninghoursinvalid,
  name_for_texts: servicesAdminMessages.servicenamefortexts,
  external_id_taken: servicesAdminMessages.serviceexternalidtaken,
}
