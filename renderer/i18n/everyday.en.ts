/** English words of the everyday at the counter: an open sale left, parked and unfinished sales. */
export const everydayEn = {
  'leave.title': 'A sale is open',
  'leave.about': 'Order {number} ({amount}) is not finished. What happens to it?',
  'leave.park': 'Park it',
  'leave.parkHint': 'Parked sales wait on the start screen; any clerk of this counter can resume them.',
  'leave.cancel': 'Cancel it',
  'leave.back': 'Go back to the sale',
  'leave.paid': 'Money was taken on this sale: park it, or go back and finish it.',

  'checkout.delivering': 'Paid in full: handing over…',

  'dd.bicHint': 'Within SEPA the IBAN is enough. Filled in from the IBAN when the bank is known.',
  'dd.missing': 'Still needed: {items}.',
  'dd.missing.customer': 'the billing customer',
  'dd.missing.iban': 'a valid IBAN',
  'dd.missing.bic': 'a valid BIC (or none)',
  'dd.missing.holder': 'the account holder',
  'dd.missing.place': 'the place of signing',

  'unfinished.title': 'Parked and unfinished sales: {count}',
  'unfinished.about': 'Any clerk of this counter can resume them.',
  'unfinished.parked': 'parked {time} by {name}',
  'unfinished.parkedBySomeone': 'parked {time}',
  'unfinished.started': 'started {time}',
  'unfinished.resume': 'order {number}',
  'unfinished.resumeShort': 'Resume',

  'logout.title': 'Unfinished sales',
  'logout.about': 'These sales of this counter are not finished. Resume one, or log out: they stay on the start screen.',
  'logout.anyway': 'Log out anyway',
  'logout.stay': 'Stay logged in',
} as const;
