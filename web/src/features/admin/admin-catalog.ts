import { defineMessages } from '#shared/i18n/define-messages.ts'

/** The admin dashboard's shell: its title and the names of its sections. */
export const adminMessages = defineMessages({
  admindashboard: /*i18n*/ {
    id: 'admindashboard',
    message: 'Admin dashboard',
    comment: 'Title of the admin screen (/admin) and of the link to it in the settings.',
  },
  adminsections: /*i18n*/ {
    id: 'adminsections',
    message: 'Dashboard sections',
    comment: 'Screen-reader name of the navigation between the dashboard sections.',
  },
  adminoverview: /*i18n*/ {
    id: 'adminoverview',
    message: 'Overview',
    comment: 'Dashboard section: live map and list of all requests, and the figures.',
  },
  adminservices: /*i18n*/ {
    id: 'adminservices',
    message: 'Services',
    comment: 'Dashboard section: managing the services on the public map.',
  },
  adminusers: /*i18n*/ { id: 'adminusers', message: 'Users', comment: 'Dashboard section: the list of users.' },
  adminreports: /*i18n*/ {
    id: 'adminreports',
    message: 'Reports',
    comment: 'Dashboard section: users’ reports about other users, and the decisions on them.',
  },
  exporttitle: /*i18n*/ { id: 'exporttitle', message: 'Export requests', comment: 'Admin dashboard: CSV export.' },
  exporthint: /*i18n*/ {
    id: 'exporthint',
    message:
      'A CSV file of the requests created on these days (at most a year), test requests marked. No phone numbers.',
  },
  exportfrom: /*i18n*/ { id: 'exportfrom', message: 'From', comment: 'Export: the first day of the period.' },
  exportto: /*i18n*/ { id: 'exportto', message: 'To', comment: 'Export: the last day of the period.' },
  exportdownload: /*i18n*/ { id: 'exportdownload', message: 'Download CSV' },
  exportbusy: /*i18n*/ {
    id: 'exportbusy',
    message: 'Preparing the file…',
    comment: 'Export button while the file is being made.',
  },
})
