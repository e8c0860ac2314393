import type { syncwordsEn } from './syncwords.en';

/** Nederlands: de stand van de synchronisatie, "verbinding testen" (docs/counter.md §20) en bestanden kiezen. */
export const syncwordsNl: Record<keyof typeof syncwordsEn, string> = {
  'central.state.online': 'Online',
  'central.state.offline': 'Offline',
  'central.state.tokenRefused': 'Geweigerd: token',
  'central.state.revoked': 'Geweigerd: toegang ingetrokken',
  'central.state.versionRefused': 'Geweigerd: versie',
  'central.state.clockOff': 'Klok verkeerd',
  'central.short.offline': 'Verkopen wachten hier',
  'central.short.tokenRefused': 'Een manager voert een nieuw token in',
  'central.short.revoked': 'Vraag de beheerder om een nieuwe code',
  'central.short.versionRefused': 'Vraag de beheerder om een update',
  'central.short.clockOff': 'Zet de klok van deze computer goed',
  'central.todo.online': 'Verkopen komen aan bij de centrale.',
  'central.todo.offline':
    'De centrale is niet bereikbaar. Verkopen blijven op deze balie en gaan mee zodra ze terug is; controleer het netwerk als dit aanhoudt.',
  'central.todo.tokenRefused':
    'De centrale weigert het token van deze balie, dus er wordt niets verstuurd. Verkopen blijven op deze balie. Een manager voert in de instellingen een geldig token in (de beheerder geeft het) en test de verbinding.',
  'central.todo.revoked':
    'De beheerder heeft de toegang van deze balie ingetrokken, dus er wordt niets verstuurd. Verkopen blijven op deze balie. Vraag de beheerder om een nieuwe aanmeldcode.',
  'central.todo.versionRefused':
    'De centrale neemt deze versie van de balie niet aan, dus er wordt niets verstuurd. Verkopen blijven op deze balie. Controleer het adres van de centrale in de instellingen, of vraag de beheerder deze balie bij te werken.',
  'central.todo.clockOff':
    'Verkopen gaan met de tijd van de centrale, maar de tijden op deze balie kloppen niet. Zet de klok van deze computer goed (automatische tijd).',
  'central.notDone': 'Synchroniseren lukte niet: {why}',

  'conn.title': 'Verbinding testen',
  'conn.about':
    'Controleert stap voor stap de centrale die nu in gebruik is: of ze antwoordt, haar certificaat, het token van deze balie en de klok.',
  'conn.run': 'Verbinding testen',
  'conn.running': 'De verbinding wordt getest…',
  'conn.allOk': 'Alle controles geslaagd: de centrale neemt de verkopen van deze balie aan.',
  'conn.someFailed': 'Niet alle controles zijn geslaagd: zie hieronder wat te doen.',
  'conn.steps': 'Controles van de verbinding',
  'conn.step.reach': 'De centrale bereiken',
  'conn.step.tls': 'Beveiligde verbinding',
  'conn.step.token': 'Het token van deze balie',
  'conn.step.clock': 'Klok',
  'conn.outcome.ok': 'In orde',
  'conn.outcome.failed': 'Mislukt',
  'conn.outcome.skipped': 'Niet gecontroleerd',
  'conn.ok.reach': 'De centrale antwoordde op {url}.',
  'conn.ok.reachEmbedded': 'De demo-centrale op deze computer antwoordde.',
  'conn.ok.tls': 'Het certificaat van de centrale is geldig.',
  'conn.ok.token': 'De centrale neemt het token van deze balie aan.',
  'conn.ok.clock': 'De klok van deze computer komt overeen met die van de centrale.',
  'conn.why.address': 'Dit adres mag niet: het moet met https:// beginnen (http:// alleen voor deze computer zelf).',
  'conn.why.dns': 'De naam van de centrale is onbekend: controleer het adres.',
  'conn.why.refused': 'Op dit adres antwoordt niets: controleer het adres en de poort, en of de centrale draait.',
  'conn.why.timeout': 'De centrale antwoordde niet op tijd: controleer het netwerk.',
  'conn.why.network': 'Het netwerk faalde: controleer de kabel of de wifi.',
  'conn.why.certificate':
    'Het certificaat van de centrale is niet geldig (verlopen, zelfondertekend of voor een andere naam): vraag de beheerder.',
  'conn.why.plain': 'Niet versleuteld: alleen toegestaan voor een centrale op deze computer.',
  'conn.why.noToken': 'Er is geen token ingesteld: voer het token in dat de beheerder u gaf.',
  'conn.why.tokenRefused':
    'De centrale weigert dit token (dat doet een centrale die met een andere sleutel opnieuw is gestart): voer een geldig token van de beheerder in.',
  'conn.why.revoked': 'De beheerder heeft de toegang van deze balie ingetrokken: vraag om een nieuwe aanmeldcode.',
  'conn.why.versionRefused':
    'De centrale spreekt deze versie van de balie niet: controleer het adres, of vraag de beheerder om een update.',
  'conn.why.centralError': 'De centrale antwoordde met een fout: probeer het later opnieuw, of bel de beheerder.',
  'conn.why.noDate': 'De centrale gaf haar tijd niet door.',
  'conn.why.clockOff': '{warning} Zet de klok van deze computer goed.',
  'conn.why.earlier': 'Niet gecontroleerd: een eerdere stap mislukte.',

  'event.state.PENDING': 'wacht op bevestiging',
  'event.state.SETTLED': 'voldaan',
  'event.state.FAILED': 'mislukt',
  'event.state.CANCELLED': 'geannuleerd',

  'file.choose': 'Kies een bestand',
  'file.none': 'Geen bestand gekozen',
};
