import type { fleetEn } from './fleet.en';

/** Nederlandse woorden van de balie in een vloot: klok, database, aanmelding, updates en supportbundel. */
export const fleetNl: Record<keyof typeof fleetEn, string> = {
  'fleet.clockAhead':
    'De klok van deze balie loopt {amount} voor op die van de centrale. Verkopen gaan met de tijd van de centrale; vraag IT de klok van de computer goed te zetten.',
  'fleet.clockBehind':
    'De klok van deze balie loopt {amount} achter op die van de centrale. Verkopen gaan met de tijd van de centrale; vraag IT de klok van de computer goed te zetten.',
  'fleet.minutes': '{n} minuten',
  'fleet.hours': '{n} uur',
  'fleet.days': '{n} dagen',
  'fleet.clockLabel': 'Klok',
  'fleet.clockRight': 'Gelijk met de centrale',
  'fleet.clockUnknown': 'Nog niet gemeten (de centrale heeft nog niet geantwoord)',
  'fleet.notices': 'Meldingen van de balie',
  'fleet.databaseDamaged':
    'De database van deze balie is beschadigd. Verkoop niet verder op deze balie en bel support; een leidinggevende maakt eerst een supportbundel in de instellingen. Verkopen die nog niet verstuurd zijn staan in het beschadigde bestand: de technicus bewaart het.',
  'fleet.title': 'Deze balie in de vloot',
  'fleet.version': 'Versie',
  'fleet.update': 'Update',
  'fleet.updateNone': 'Geen update in de wacht',
  'fleet.updateOff': 'Deze balie werkt zichzelf niet bij (geen updatebron ingesteld)',
  'fleet.updateDownloading': 'Versie {version} wordt gedownload',
  'fleet.updateReady': 'Versie {version} staat klaar en wordt geïnstalleerd zodra niets het tegenhoudt',
  'fleet.updateWaits': 'Wacht op: {reasons}',
  'fleet.gate.saleOpen': 'een verkoop die open staat',
  'fleet.gate.unsentSales': 'verkopen die nog niet naar de centrale zijn verstuurd',
  'fleet.gate.unknownPayment': 'een betaling waarvan de terminal de uitkomst nog niet gaf',
  'fleet.updateAtStart': 'Anders wordt ze geïnstalleerd als Counter sluit, en draait ze bij de volgende start.',
};
