import { defineMessages } from '#shared/i18n/define-messages.ts'

/** Texts of the info page (/info) and the privacy statement (/privacystatement). */
export const infoMessages = defineMessages({
  infofaqheading: /*i18n*/ { id: 'infofaqheading', message: 'Frequently asked questions' },
  faq1question: /*i18n*/ { id: 'faq1question', message: 'How does my help request reach people nearby?' },
  faq1answer: /*i18n*/ {
    id: 'faq1answer',
    message:
      'When you post a help request, it appears at once in the request list of the users whose search radius covers its location, and users who have turned notifications on get a push notification. Users farther away can still see it with “Show all requests”.',
  },
  faq2question: /*i18n*/ { id: 'faq2question', message: 'What does an approximate location mean?' },
  faq2answer: /*i18n*/ {
    id: 'faq2answer',
    message:
      'If you choose an approximate location, its coordinates are rounded to about one kilometre before they are saved, so your exact position is never stored. On the map the request is drawn as a circle with a radius of 2 km.',
  },
  faq3question: /*i18n*/ {
    id: 'faq3question',
    message: 'How do I help someone, and what happens when I take over a request?',
  },
  faq3answer: /*i18n*/ {
    id: 'faq3answer',
    message:
      'Log in, open a request in the list and press “I’m working on it”. The request is then in progress, and the person who asked for help sees your phone number so you can agree on the details. You can help with two requests at a time, and you can release a request if you cannot help after all. When the help has arrived, the requester marks the request ready and the phone numbers are no longer shown.',
  },
  sendquestionheading: /*i18n*/ { id: 'sendquestionheading', message: 'Send a question' },
  sendquestiontext: /*i18n*/ {
    id: 'sendquestiontext',
    message: 'Did not find an answer? Send your question or feedback by email to:',
  },
  copyaddress: /*i18n*/ { id: 'copyaddress', message: 'Copy address' },
  addresscopied: /*i18n*/ { id: 'addresscopied', message: 'Address copied' },
  copyfailed: /*i18n*/ {
    id: 'copyfailed',
    message: 'Copying did not work. Select the address and copy it yourself.',
  },
  supportaddressloading: /*i18n*/ { id: 'supportaddressloading', message: 'Loading the address…' },
  supportaddressfailed: /*i18n*/ {
    id: 'supportaddressfailed',
    message: 'The address could not be loaded. Check your connection and open this page again.',
  },
  statslink: /*i18n*/ {
    id: 'statslink',
    message: 'Help in figures: how often and how fast help came in the last 30 days',
    comment: 'Link to the public figures page (/stats).',
  },
  appversion: /*i18n*/ { id: 'appversion', message: 'Version {version}' },
  registerholderheading: /*i18n*/ { id: 'registerholderheading', message: 'Register holder' },
  registerholdertext: /*i18n*/ {
    id: 'registerholdertext',
    message: 'Pyöräapu. Questions about your data and requests to see or remove it:',
  },
  registercontentheading: /*i18n*/ { id: 'registercontentheading', message: 'Content of the register' },
  registercontentintro: /*i18n*/ { id: 'registercontentintro', message: 'The register holds:' },
  registeritemaccount: /*i18n*/ {
    id: 'registeritemaccount',
    message: 'Account data: username, phone number and a hash of the password',
  },
  registeritemlocation: /*i18n*/ {
    id: 'registeritemlocation',
    message: 'Your last reported location, the location that counts for seeing phone numbers, and your search radius',
  },
  registeritemrequests: /*i18n*/ {
    id: 'registeritemrequests',
    message: 'Help requests and the responses to them',
  },
  registeritempush: /*i18n*/ {
    id: 'registeritempush',
    message: 'Push notification subscriptions and login sessions',
  },
  registeritemreceipts: /*i18n*/ {
    id: 'registeritemreceipts',
    message:
      'Confirmations that an alert reached your phone: a random code the alert carried, when it was sent and when your phone showed it, kept for 30 days; your subscription keeps when an alert last reached it. The confirmation carries nothing else about you.',
    comment: 'Item of the privacy statement’s list of what the register holds (server/push/receipts.ts).',
  },
  registeritemabilities: /*i18n*/ {
    id: 'registeritemabilities',
    message:
      'What you tick under "What I can help with" (kit, transport, first aid, languages): used only to choose whom to alert first about a request and to tell them why; never shown to other users',
  },
  registeritemmessages: /*i18n*/ {
    id: 'registeritemmessages',
    message: 'Messages between a requester and their helper, and how far each has read them',
  },
  registeritemthanks: /*i18n*/ {
    id: 'registeritemthanks',
    message: 'Thank-yous from requesters to the people who helped them',
  },
  registeritempositions: /*i18n*/ {
    id: 'registeritempositions',
    message: 'A helper’s location while they share it with the requester: only the latest one',
  },
  registerretention: /*i18n*/ {
    id: 'registerretention',
    message:
      'A login session lasts at most 30 days. A completed request stays in the request list for 7 days. Expired codes and sessions that have ended are purged regularly.',
  },
  registerphonesheading: /*i18n*/ { id: 'registerphonesheading', message: 'Who sees phone numbers' },
  registerphoneslist: /*i18n*/ {
    id: 'registerphoneslist',
    message:
      'The request list and live updates never carry phone numbers, except between the two people of a request: the requester sees the helper’s number, and the helper sees the requester’s.',
  },
  registerphonesdetail: /*i18n*/ {
    id: 'registerphonesdetail',
    message:
      'Opening a request shows the requester’s number only to the helper who took it over, to the administrators, and to users nearby: those who have the request within their chosen radius and at most {km} km from their location. A request without a location shows it to everyone who opens it. Users who have not shared their location, or who are farther away, see instead: “The phone number is shown to helpers nearby.”',
    comment:
      '{km} is this installation’s distance limit (30 by default). The quoted line is the text the request detail shows instead of the number (phoneshowntonearby).',
  },
  registerphonesreach: /*i18n*/ {
    id: 'registerphonesreach',
    message:
      'Nearness counts from where you can plausibly be: the server takes a location report at most once every 10 seconds, and a report that would mean moving faster than 200 km/h counts for phone numbers only once a later report confirms it. Each request whose number you get as a user nearby, or because it has no location, is recorded (who, which request, which day). You get at most {perDay} such numbers a day; after that a request says: “You have seen today’s maximum of phone numbers. Try again tomorrow.” The administrators see how many numbers each user got today and in the last 30 days. The records are deleted after 31 days, and when either account is deleted.',
    comment:
      '{perDay} is this installation’s daily maximum (20 by default). The quoted line is the request detail’s text (phonelimitreached).',
  },
  registerphonesonlyhelper: /*i18n*/ {
    id: 'registerphonesonlyhelper',
    message:
      'When asking for help you can choose “Show my phone number only to the person who helps”. Then only the helper who took your request over gets your number, from the moment they take it over until they release it or the request is completed: not the administrators, and not users nearby, who see instead: “The owner shows their number only to the person who helps.”',
    comment:
      'The quoted texts are the new-request choice (phoneonlytohelperchoice) and the detail line (phoneonlytohelper).',
  },
  registerphoneshelper: /*i18n*/ {
    id: 'registerphoneshelper',
    message: 'The helper’s number is shown only to the requester and to the administrators.',
  },
  registerphonescompleted: /*i18n*/ {
    id: 'registerphonescompleted',
    message: 'Completed requests show no phone numbers to anyone in the app.',
  },
  registerphonesdevice: /*i18n*/ {
    id: 'registerphonesdevice',
    message:
      'Your device keeps the last loaded request list and the requests you opened, with the phone numbers you were allowed to see, so that they can be shown offline. They are deleted from the device when you log out or delete your account.',
  },
  registermessagesheading: /*i18n*/ { id: 'registermessagesheading', message: 'Messages' },
  registermessageswho: /*i18n*/ {
    id: 'registermessageswho',
    message:
      'Messages in a request are seen only by the requester, the helper they were written with, and the administrators. A helper who gives up the request or is removed, or whose request is completed, no longer sees them; the requester can still read them.',
  },
  registermessagespush: /*i18n*/ {
    id: 'registermessagespush',
    message:
      'If the recipient does not have the app open, a new message is sent to their device as an encrypted push notification, which only their device can read.',
  },
  registermessagesretention: /*i18n*/ {
    id: 'registermessagesretention',
    message:
      'Messages are deleted together with the request: when it is deleted, when the requester’s account is deleted, and 7 days after the request is completed.',
  },
  registerthanksheading: /*i18n*/ { id: 'registerthanksheading', message: 'Thanks and helped counts' },
  registerthankswho: /*i18n*/ {
    id: 'registerthankswho',
    message:
      'After marking a request ready with help received, the requester can send the helper one thank-you. Only the requester and that helper see it, and the helper gets it as an encrypted push notification. It is deleted with the request’s messages, 7 days after the request is completed.',
  },
  registerthankscount: /*i18n*/ {
    id: 'registerthankscount',
    message:
      'The app counts how many different cyclists you have helped: completed requests marked as help received with you as the helper, test requests not included. You see the number in your settings, and anyone who sees your name as the helper of an open request sees it next to your name. There are no ratings.',
  },
  registerpositionsheading: /*i18n*/ {
    id: 'registerpositionsheading',
    message: 'Shared locations',
    comment: 'Heading: the helper’s live location shared with the requester ("On my way").',
  },
  registerpositionswho: /*i18n*/ {
    id: 'registerpositionswho',
    message:
      'A helper can share their live location with the person they are helping. Only that requester sees it: not the administrators and not other users. Sharing is off until the helper turns it on, and it ends when they tap “Stop sharing”, give up the request or are removed, or when the request is completed or deleted.',
    comment: 'The quoted text is the button that ends sharing (stopsharing).',
  },
  registerpositionskept: /*i18n*/ {
    id: 'registerpositionskept',
    message:
      'Only the latest location is kept, never a route or a history. It is erased as soon as sharing stops or the help ends, and with either person’s account.',
  },
  registerhelperdistance: /*i18n*/ {
    id: 'registerhelperdistance',
    message:
      'When someone takes over a request, its requester is told roughly how far away they are: whole kilometres from the helper’s last reported location, never the location itself. Nobody else is told.',
  },
  registersharelinksheading: /*i18n*/ { id: 'registersharelinksheading', message: 'Links for someone you trust' },
  registersharelinkswhat: /*i18n*/ {
    id: 'registersharelinkswhat',
    message:
      'The person who asked for help can share a read-only link to their request with someone they trust. Whoever has the link sees the category, status, description and times of the request, its location as its owner shares it (an approximate one stays approximate), and its helper’s user name, whether they are on their way and roughly how far they are. Never a phone number, and never who else opened the link: opening it is not recorded.',
  },
  registersharelinkskept: /*i18n*/ {
    id: 'registersharelinkskept',
    message:
      'A link works until its owner stops sharing it, the request is deleted, an hour after the request is completed, or a day after the link was made, whichever comes first; it is then deleted. The server keeps only what lets it recognise the link, not the link itself.',
  },
  registermoderationheading: /*i18n*/ {
    id: 'registermoderationheading',
    message: 'Blocks, reports and moderation',
  },
  registerreports: /*i18n*/ {
    id: 'registerreports',
    message:
      'You can report someone you met through a request to the administrators. A report (who reported whom, about which request, the reason and your own words, and when) is read by administrators only; the person reported is never told who reported them. It is kept as long as the reported person’s account, and for a set time after it is deleted (below), so that repeated behaviour can be seen; if you delete your account, the report stays without your name.',
  },
  registerdecisions: /*i18n*/ {
    id: 'registerdecisions',
    message:
      'An administrator decides each report with a statement of reasons: no action, a warning, a suspension for some days, or closing the account. The person concerned is shown the reasons; the reporter is told only the outcome. The decision, who made it and when are kept with the report. A suspension or a closed account ends every login at once and hides the person’s open requests; it can be appealed by email to the address above.',
  },
  registerkeptafterdeletion: /*i18n*/ {
    id: 'registerkeptafterdeletion',
    message:
      'When an account is deleted, the reports about it with their decisions and reasons, its suspensions and closings, and the records of administrators viewing its phone number or, for an administrator, of the numbers they viewed are kept for {days} days. They are no longer kept under the account but under a code made from its phone number with the service’s secret key, from which the number cannot be worked out. If an account is later registered with the same number, the administrators see these records in its history. A suspension or closing still in force is kept until it ends, and until then the number cannot be registered again. Nothing else of a deleted account is kept.',
    comment:
      '{days} is this installation’s MODERATION_RECORD_DAYS (365 by default). What server/domain/moderation/kept-records.ts keeps.',
  },
  registerblocks: /*i18n*/ {
    id: 'registerblocks',
    message:
      'You can block someone you met through a request. The block (who blocked whom, from which request, and when) is kept until you lift it or either account is deleted. Neither of you then sees the other’s requests or can help the other or send messages. The blocked person is not told, and nobody sees the blocks made against them.',
  },
  registerstatsheading: /*i18n*/ { id: 'registerstatsheading', message: 'Public figures' },
  registerstats: /*i18n*/ {
    id: 'registerstats',
    message:
      'The app publishes figures of how help goes (the “Help in figures” page): how many requests were made and how many got help, and median times to a helper, over the last 30 days. They are counted over many requests together and hold no names, places or other data about any one person; a figure drawn from fewer than 10 requests is not shown.',
    comment: 'The quoted name is the title of the public figures page (stats_title).',
  },
  registersafetyheading: /*i18n*/ { id: 'registersafetyheading', message: 'Register safety' },
  registersafety1: /*i18n*/ {
    id: 'registersafety1',
    message:
      'Passwords are stored only as argon2id hashes. Of login tokens and SMS verification codes, too, only hashes are stored, so they cannot be read from the database.',
  },
  registersafety2: /*i18n*/ {
    id: 'registersafety2',
    message:
      'An approximate location is rounded to about one kilometre before it is stored; the exact position is never saved.',
  },
  registersafety4: /*i18n*/ {
    id: 'registersafety4',
    message:
      'When you delete your account, your account data, requests, sessions and push subscriptions are removed. All traffic between the app and the server is encrypted with HTTPS.',
  },
})
