import type { returnsEn } from './returns.en';

/** Nederlandse woorden bij retour per regel (docs/counter.md §19). */
export const returnsNl: Record<keyof typeof returnsEn, string> = {
  'return.open': 'Kaartjes retour',
  'return.title': 'Retour van bestelling {number}',
  'return.lines': 'Gekozen kaartjes',
  'return.linesLegend': 'Wat komt er terug',
  'return.lineLabel': '{name}: hoeveel terug',
  'return.lineLeft': '{left} van {quantity} kunnen terug.',
  'return.noneLeft': 'Alles van deze regel is al terug.',
  'return.noLines': 'Kies minstens één kaartje om terug te nemen.',
  'return.amountOfLines': 'Terug voor deze kaartjes: {amount}.',
  'return.approval': 'Een manager keurt goed',
  'return.approvalHint': 'Een manager van deze kassa kiest hier de eigen naam en typt de pincode.',
  'return.manager': 'Manager',
  'return.pin': 'Pincode van de manager',
  'return.pinRequired': 'De manager typt de pincode.',
  'return.returned': '{count} retour',
  'return.receiptReturned': 'Retour: {items}',
  'return.done': 'De kaartjes van bestelling {number} zijn teruggenomen.',
  'reports.returned': 'Retour',
};
