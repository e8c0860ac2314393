import type { lockdownEn } from './lockdown.en';

/** Nederlandse woorden van de eerste start, het personeel en de bewaartermijn. */
export const lockdownNl: Record<keyof typeof lockdownEn, string> = {
  'firstRun.title': 'Deze balie instellen',
  'firstRun.intro':
    'Deze balie werkt met een centrale en heeft nog geen personeel. Voer de eerste leidinggevende in: die voegt de baliemedewerkers toe en beheert de instellingen.',
  'firstRun.name': 'Naam van de leidinggevende',
  'firstRun.pin': 'Nieuwe pincode',
  'firstRun.pinAgain': 'Nieuwe pincode nogmaals',
  'firstRun.pinHint': '6 tot 8 cijfers',
  'firstRun.pinsDiffer': 'De twee pincodes zijn niet gelijk.',
  'firstRun.submit': 'Instellen en inloggen',

  'staff.title': 'Personeel',
  'staff.intro':
    'Wie op deze balie mag inloggen. Alleen een leidinggevende voegt personeel toe, schakelt het uit of stelt een nieuwe pincode in.',
  'staff.listLabel': 'Personeel van deze balie',
  'staff.disabled': 'uitgeschakeld',
  'staff.disable': '{name} uitschakelen',
  'staff.enable': '{name} inschakelen',
  'staff.resetPin': 'Nieuwe pincode voor {name}',
  'staff.resetSubmit': 'Nieuwe pincode instellen',
  'staff.resetDone': 'De nieuwe pincode van {name} is ingesteld.',
  'staff.add': 'Medewerker toevoegen',
  'staff.name': 'Naam',
  'staff.role': 'Rol',
  'staff.pin': 'Pincode',
  'staff.added': '{name} is toegevoegd.',

  'settings.url.insecure': 'Gebruik https:// (http:// alleen voor een centrale op deze computer).',
  'settings.tokenAgain': 'Een nieuwe centrale heeft een eigen bearer-token nodig: het huidige wordt vergeten als het adres verandert.',
  'photo.waiting': 'Wachten op het beeld van de camera…',
  'retention.label': 'Persoonsgegevens bewaren (dagen)',
  'retention.hint':
    "Foto's, geboortedata, e-mailadressen, adressen en IBAN's van orders die de centrale bereikten, worden na zoveel dagen van deze balie verwijderd.",
  'history.title': 'Wijzigingen van de centrale',
  'history.none': 'Nog geen wijzigingen.',
  'history.entry': '{when}: {who} wijzigde {setting}',
  'history.setting.centralUrl': 'het adres van de centrale in {value}',
  'history.setting.bearerToken': 'het bearer-token',
  'history.setting.touchpointId': 'het verkooppunt in {value}',
  'history.setting.retentionDays': 'de bewaartermijn in {value} {value|dag|dagen}',
};
