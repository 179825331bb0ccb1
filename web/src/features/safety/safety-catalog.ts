import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Safety around the meeting (docs/safety.md, "Before the first meeting"): the one-time card and the info page. */
export const safetyMessages = defineMessages({
  safetytitle: /*i18n*/ {
    id: 'safetytitle',
    message: 'Before you meet',
    comment: 'Title of a short safety card shown before the first help request and the first take-over.',
  },
  safetyseen: /*i18n*/ {
    id: 'safetyseen',
    message: 'Where people can see you',
    comment: 'Safety point title: meet in a visible place.',
  },
  safetyseentext: /*i18n*/ {
    id: 'safetyseentext',
    message: 'Meet by a road, a shop or a stop where others pass, and tell someone you trust where you are.',
  },
  safetycancel: /*i18n*/ {
    id: 'safetycancel',
    message: 'You may cancel at any time',
    comment: 'Safety point title: either side can end the help without giving a reason.',
  },
  safetycanceltext: /*i18n*/ {
    id: 'safetycanceltext',
    message:
      'If something feels wrong, stop: release the request, remove the helper or delete the request. No reason is needed. You can also block and report the person.',
  },
  safetycodes: /*i18n*/ {
    id: 'safetycodes',
    message: 'Never share codes or payment details',
    comment: 'Safety point title: no SMS codes, bank codes or card numbers.',
  },
  safetycodestext: /*i18n*/ {
    id: 'safetycodestext',
    message: 'Help here is free. Nobody needs your SMS codes, bank codes or card number.',
  },
  safetydanger: /*i18n*/ {
    id: 'safetydanger',
    message: 'In danger, call 112',
    comment: 'Safety point title: the emergency number.',
  },
  safetydangertext: /*i18n*/ {
    id: 'safetydangertext',
    message: 'If anyone is hurt or threatened, call the emergency number first.',
  },
  safetygotit: /*i18n*/ {
    id: 'safetygotit',
    message: 'Got it',
    comment: 'Closes the one-time safety card for good.',
  },
})
