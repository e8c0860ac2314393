/** English words of the clerk's fast path: undo, quick tender, change, receipt printing, counter setup, unsent orders. */
export const counterEn = {
  'common.close': 'Close',
  'customer.change': 'Change billing customer',

  'undo.button': 'Undo',

  'cash.quickTender': 'Amount handed over',
  'cash.tenderNamed': 'tendered',
  'cash.enterHint': 'Enter with the field empty: the exact amount.',

  'checkout.paying': 'Paying for',

  'change.title': 'Change due',
  'change.none': 'No change due',
  'change.tendered': 'Tendered {amount}',
  'receipt.tenderedExact': 'tendered {amount}, no change',
  'receipt.rounding': 'cash rounding {amount}: {handed} in cash',
  'receipt.roundingBack': 'cash rounding {amount}: {handed} given back in cash',
  'receipt.tendered': 'tendered {amount}, change {change}',

  'iban.masked': 'IBAN ending {last}',

  'date.placeholder': 'dd/mm/yyyy',
  'date.invalid': 'Not a date: type it as dd/mm/yyyy.',

  'setup.title': 'Counter setup',
  'setup.hint': 'Quick keys and receipt printing of this counter.',
  'setup.quickKeys': 'Quick keys',
  'setup.quickKeysHint': 'The products on the keys 1 to 9. They stay where you put them.',
  'setup.quickKey': 'Quick key {n}',
  'setup.empty': '(empty)',
  'setup.receiptLayout': 'Receipt paper',
  'setup.layout.80mm': '80 mm receipt printer',
  'setup.layout.A4': 'A4 sheet',
  'setup.printer': 'Receipt printer',
  'setup.printerHint':
    'The printer name as the computer knows it. Empty: the default printer. In the browser the print dialog opens instead.',
  'setup.save': 'Save counter setup',
  'setup.saved': 'Counter setup saved.',

  'unsent.title': 'Sales still to send',
  'unsent.none': 'Every sale has been sent.',
  'unsent.number': 'Order',
  'unsent.since': 'Waiting since',
  'unsent.changes': 'Changes',
  'unsent.state': 'State',
  'unsent.lastError': 'Last error',
  'unsent.state.waiting': 'waiting',
  'unsent.state.unknown': 'checking: no answer to the last try',
} as const;
