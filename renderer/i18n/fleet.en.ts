/** English words of the counter in a fleet: its clock, database, enrolment, updates and support bundle (docs/counter.md §18). */
export const fleetEn = {
  'fleet.clockAhead':
    "This counter's clock is {amount} ahead of the central's. Sales are sent with the central's time; ask IT to set the computer's clock.",
  'fleet.clockBehind':
    "This counter's clock is {amount} behind the central's. Sales are sent with the central's time; ask IT to set the computer's clock.",
  'fleet.minutes': '{n} minutes',
  'fleet.hours': '{n} hours',
  'fleet.days': '{n} days',
  'fleet.clockLabel': 'Clock',
  'fleet.clockRight': 'Agrees with the central',
  'fleet.clockUnknown': 'Not measured yet (the central has not answered)',
  'fleet.notices': 'Counter notices',
  'fleet.databaseDamaged':
    "This counter's database is damaged. Stop selling on this counter and call support; a manager makes a support bundle in the settings first. Sales not sent yet are in the damaged file: the technician keeps it.",
  'fleet.title': 'This counter in the fleet',
  'fleet.version': 'Version',
  'fleet.update': 'Update',
  'fleet.updateNone': 'None waiting',
  'fleet.updateOff': 'This counter does not update itself (no update feed configured)',
  'fleet.updateDownloading': 'Version {version} is being downloaded',
  'fleet.updateReady': 'Version {version} is ready and installs as soon as nothing holds it',
  'fleet.updateWaits': 'It waits for: {reasons}',
  'fleet.gate.saleOpen': 'a sale that is open',
  'fleet.gate.unsentSales': 'sales not yet sent to the central',
  'fleet.gate.unknownPayment': 'a payment whose outcome the terminal has not told',
  'fleet.updateAtStart': 'Otherwise it installs when Counter is closed, and runs at the next start.',
  'fleet.revoked':
    'The operator has taken this counter out of the fleet. It keeps selling and keeps its sales; a manager enrols it again in the settings with a new code.',
  'fleet.codeRefusedAtStart':
    'The enrolment code in this computer’s configuration was not accepted. A manager enrols the counter with a new code.',
  'fleet.enrolTitle': 'Enrol with a central',
  'fleet.enrolIntro': 'The operator gives you the central’s address and a one-time code of 8 characters.',
  'fleet.centralUrl': 'Central’s address',
  'fleet.code': 'Enrolment code',
  'fleet.enrolSubmit': 'Enrol',
  'fleet.enrolled': 'Enrolled for touchpoint {touchpoint}.',
  'fleet.restartNow': 'Counter restarts to connect to the central.',
  'fleet.restartManual': 'Restart Counter to connect to the central.',
  'fleet.enrolment': 'Enrolment',
  'fleet.enrolmentNone': 'Not enrolled (a token from the settings or the machine’s configuration)',
  'fleet.enrolmentEnrolled': 'Enrolled for touchpoint {touchpoint}',
  'fleet.enrolmentRevoked': 'Taken out of the fleet by the operator: enrol again',
  'fleet.enrolmentRefused': 'The configured code was not accepted: enrol with a new one',
  'fleet.supportBundle': 'Make a support bundle',
  'fleet.supportHint':
    'A file for support: versions, the database check, devices, what waits to be sent, the clock and the counter’s log. No customer data and no tokens.',
  'fleet.supportSaved': 'Saved as {file} (also kept in the counter’s data folder).',
} as const;
