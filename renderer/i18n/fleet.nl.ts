import type { fleetEn } from './fleet.en';

/** Nederlandse woorden van de balie in een vloot: klok, database, aanmelding, updates en supportbundel. */
export const fleetNl: Record<keyof typeof fleetEn, string> = {
  'fleet.clockAhead':
    'De klok van deze balie loopt {amount} voor op die van de centrale. Verkopen gaan met de tijd van de centrale; vraag IT de klok van de computer goed te zetten.',
  'fleet.clockBehind':
    'De klok van deze balie loopt {amount} achter op die van de centrale. Verkopen gaan met de tijd van de centrale; vraag IT de klok van de computer goed te zetten.',
  'fleet.minutes': '{n} {n|minuut|minuten}',
  'fleet.hours': '{n} uur',
  'fleet.days': '{n} {n|dag|dagen}',
  'fleet.clockLabel': 'Klok',
  'fleet.clockRight': 'Gelijk met de centrale',
  'fleet.clockUnknown': 'Nog niet gemeten (de centrale heeft nog niet geantwoord)',
  'fleet.notices': 'Meldingen van de balie',
  'fleet.databaseDamaged':
    'De database van deze balie is beschadigd. Verkoop niet verder op deze balie en bel support; een leidinggevende maakt eerst een supportbundel in de instellingen. Verkopen die nog niet verstuurd zijn staan in het beschadigde bestand: de technicus bewaart het.',
  'fleet.tokenDataFolder': 'Er is een bearer-token ingesteld. Het staat versleuteld in de gegevensmap van deze kassa.',
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
  'fleet.revoked':
    'De beheerder heeft deze balie uit de vloot gehaald. Ze blijft verkopen en bewaart haar verkopen; een leidinggevende meldt haar opnieuw aan in de instellingen met een nieuwe code.',
  'fleet.codeRefusedAtStart':
    'De aanmeldcode in de configuratie van deze computer werd niet aangenomen. Een leidinggevende meldt de balie aan met een nieuwe code.',
  'fleet.enrolTitle': 'Aanmelden bij een centrale',
  'fleet.enrolIntro': 'De beheerder geeft u het adres van de centrale en een eenmalige code van 8 tekens.',
  'fleet.centralUrl': 'Adres van de centrale',
  'fleet.code': 'Aanmeldcode',
  'fleet.enrolSubmit': 'Aanmelden',
  'fleet.enrolled': 'Aangemeld voor verkooppunt {touchpoint}.',
  'fleet.restartNow': 'Counter start opnieuw om verbinding te maken met de centrale.',
  'fleet.restartManual': 'Start Counter opnieuw om verbinding te maken met de centrale.',
  'fleet.enrolment': 'Aanmelding',
  'fleet.enrolmentNone': 'Niet aangemeld (een token uit de instellingen of de configuratie van deze computer)',
  'fleet.enrolmentEnrolled': 'Aangemeld voor {touchpoint}',
  'fleet.touchpointNumber': 'verkooppunt {number}',
  'fleet.enrolAgain': 'Opnieuw aanmelden…',
  'fleet.enrolmentRevoked': 'Door de beheerder uit de vloot gehaald: meld opnieuw aan',
  'fleet.enrolmentRefused': 'De ingestelde code werd niet aangenomen: meld aan met een nieuwe',
  'fleet.supportBundle': 'Supportbundel maken',
  'fleet.supportHint':
    'Een bestand voor support: versies, de databasecontrole, apparaten, wat nog verstuurd moet worden, de klok en het logboek van de balie. Geen klantgegevens en geen tokens.',
  'fleet.supportUpload': 'Naar de centrale sturen',
  'fleet.supportUploaded': 'Naar de centrale gestuurd ({size} KB): de beheerder vindt hem daar bij deze balie.',
  'fleet.supportSaved': 'Opgeslagen als {file} (ook bewaard in de gegevensmap van de balie).',
};
