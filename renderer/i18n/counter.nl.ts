import type { counterEn } from './counter.en';

/** Nederlands voor de snelle weg van de baliemedewerker. */
export const counterNl: Record<keyof typeof counterEn, string> = {
  'common.close': 'Sluiten',
  'customer.change': 'Factuurklant wijzigen',

  'undo.button': 'Ongedaan maken',

  'cash.quickTender': 'Ontvangen bedrag',
  'cash.tenderNamed': 'ontvangen',
  'cash.enterHint': 'Enter met een leeg veld: gepast.',

  'checkout.paying': 'Betaling voor',

  'change.title': 'Wisselgeld',
  'change.none': 'Geen wisselgeld',
  'change.tendered': 'Ontvangen {amount}',
  'receipt.tenderedExact': 'ontvangen {amount}, geen wisselgeld',
  'receipt.rounding': 'afronding contant {amount}: {handed} contant',
  'receipt.roundingBack': 'afronding contant {amount}: {handed} contant terug',
  'receipt.tendered': 'ontvangen {amount}, wisselgeld {change}',

  'iban.masked': 'IBAN eindigend op {last}',

  'date.placeholder': 'dd-mm-jjjj',
  'date.invalid': 'Geen datum: typ hem als dd-mm-jjjj.',

  'setup.title': 'Inrichting van de balie',
  'setup.hint': 'Sneltoetsen en het afdrukken van bonnen op deze balie.',
  'setup.quickKeys': 'Sneltoetsen',
  'setup.quickKeysHint': 'De producten onder de toetsen 1 tot en met 9. Ze blijven waar u ze zet.',
  'setup.quickKey': 'Sneltoets {n}',
  'setup.empty': '(leeg)',
  'setup.receiptLayout': 'Bonpapier',
  'setup.layout.80mm': 'Bonprinter 80 mm',
  'setup.layout.A4': 'A4-vel',
  'setup.printer': 'Bonprinter',
  'setup.printerHint':
    'De naam van de printer zoals de computer hem kent. Leeg: de standaardprinter. In de browser opent het afdrukvenster.',
  'setup.save': 'Inrichting opslaan',
  'setup.saved': 'Inrichting opgeslagen.',

  'unsent.title': 'Verkopen die nog verstuurd worden',
  'unsent.none': 'Alle verkopen zijn verzonden.',
  'unsent.number': 'Order',
  'unsent.since': 'Wacht sinds',
  'unsent.changes': 'Wijzigingen',
  'unsent.state': 'Stand',
  'unsent.lastError': 'Laatste fout',
  'unsent.state.waiting': 'wacht',
  'unsent.state.unknown': 'controleren: geen antwoord op de laatste poging',
};
