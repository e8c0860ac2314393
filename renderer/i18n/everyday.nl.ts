import type { everydayEn } from './everyday.en';

/** Nederlands: een open verkoop verlaten, geparkeerde en onafgemaakte verkopen. */
export const everydayNl: Record<keyof typeof everydayEn, string> = {
  'leave.title': 'Er staat een verkoop open',
  'leave.about': 'Bestelling {number} ({amount}) is niet af. Wat moet ermee gebeuren?',
  'leave.park': 'Parkeren',
  'leave.parkHint': 'Geparkeerde verkopen wachten op het startscherm; elke medewerker van deze kassa kan ze hervatten.',
  'leave.cancel': 'Annuleren',
  'leave.back': 'Terug naar de verkoop',
  'leave.paid': 'Op deze verkoop is al betaald: parkeer hem, of ga terug en maak hem af.',

  'checkout.delivering': 'Volledig betaald: wordt uitgeleverd…',

  'dd.bicHint': 'Binnen SEPA is de IBAN genoeg. Ingevuld uit de IBAN als de bank bekend is.',
  'dd.missing': 'Nog nodig: {items}.',
  'dd.missing.customer': 'de factuurklant',
  'dd.missing.iban': 'een geldige IBAN',
  'dd.missing.bic': 'een geldige BIC (of geen)',
  'dd.missing.holder': 'de rekeninghouder',
  'dd.missing.place': 'de plaats van ondertekening',

  'unfinished.title': 'Geparkeerde en onafgemaakte verkopen: {count}',
  'unfinished.about': 'Elke medewerker van deze kassa kan ze hervatten.',
  'unfinished.parked': 'geparkeerd {time} door {name}',
  'unfinished.parkedBySomeone': 'geparkeerd {time}',
  'unfinished.started': 'begonnen {time}',
  'unfinished.resume': 'bestelling {number}',
  'unfinished.resumeShort': 'Hervatten',

  'logout.title': 'Onafgemaakte verkopen',
  'logout.about': 'Deze verkopen van deze kassa zijn niet af. Hervat er een, of log uit: ze blijven op het startscherm staan.',
  'logout.anyway': 'Toch uitloggen',
  'logout.stay': 'Ingelogd blijven',
} as const;
