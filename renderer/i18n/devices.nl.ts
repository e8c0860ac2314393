import type { devicesEn } from './devices.en';

/** Nederlands voor de apparaten van de balie: printer, betaalautomaat, bonnen die niet gedrukt zijn, het klantscherm. */
export const devicesNl: Record<keyof typeof devicesEn, string> = {
  'devices.label': 'Apparaten',
  'devices.terminal': 'Betaalautomaat',
  'devices.printer': 'Bonprinter',
  'devices.state.ready': 'gereed',
  'devices.state.busy': 'bezig',
  'devices.state.paperOut': 'papier op',
  'devices.state.offline': 'offline',
  'devices.state.none': 'niet aangesloten',
  'devices.trouble': '{device}: {state}',
  'devices.title': 'Apparaten aan deze balie',
  'devices.printerKind.escpos': 'netwerkbonprinter (ESC/POS)',
  'devices.printerKind.system': 'de printer van het systeem',
  'devices.printerKind.none': 'geen printer',
  'devices.testPrint': 'Testafdruk',
  'devices.testPrinted': 'De testafdruk is gedrukt.',
  'devices.testPage': 'De printer van het systeem drukt af vanuit het bonscherm.',

  'receipt.printAgain': 'Opnieuw afdrukken',
  'receipt.printed': 'De bon is gedrukt.',
  'receipt.duplicateNote': 'Opnieuw afdrukken geeft een duplicaat.',
  'receipt.problem.paperOut': 'De bon is niet gedrukt: het papier is op. Plaats papier en druk opnieuw af.',
  'receipt.problem.coverOpen': 'De bon is niet gedrukt: de klep van de printer staat open. Sluit hem en druk opnieuw af.',
  'receipt.problem.offline': 'De bon is niet gedrukt: de printer antwoordt niet. Controleer of hij aan staat en druk opnieuw af.',
  'receipt.noPrinter': 'Deze balie heeft geen bonprinter.',
  'receipt.duplicate': 'DUPLICAAT',

  'display.open': 'Klantscherm',
  'display.welcome': 'Welkom',
  'display.total': 'Totaal',
  'display.due': 'Te betalen',
  'display.change': 'Uw wisselgeld',
  'display.paid': 'Betaald',
  'display.thanks': 'Bedankt en goede reis!',
};
