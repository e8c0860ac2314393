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
} as const;
