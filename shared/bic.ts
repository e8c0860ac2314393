import { electronicFormatIBAN, isValidIBAN } from 'ibantools';

/**
 * The BIC of a bank known from its IBAN (docs/api.md §4: within SEPA the IBAN is enough, a BIC
 * is optional). A Dutch IBAN names its bank by four letters after the check digits
 * (NLkk BBBB 0123456789); these are the Dutch banks' codes with their BICs. An IBAN of another
 * country or bank has no BIC here: the mandate goes without one.
 */
export const DUTCH_BANK_BICS: Readonly<Record<string, string>> = {
  ABNA: 'ABNANL2A', // ABN AMRO
  ARBN: 'ARBNNL22', // Achmea Bank
  ASNB: 'ASNBNL21', // ASN Bank
  BNGH: 'BNGHNL2G', // BNG Bank
  BUNQ: 'BUNQNL2A', // bunq
  DEUT: 'DEUTNL2A', // Deutsche Bank Nederland
  FVLB: 'FVLBNL22', // Van Lanschot Kempen
  HAND: 'HANDNL2A', // Handelsbanken
  INGB: 'INGBNL2A', // ING
  KNAB: 'KNABNL2H', // Knab
  NWAB: 'NWABNL2G', // Nationale-Nederlanden Bank
  RABO: 'RABONL2U', // Rabobank
  RBRB: 'RBRBNL21', // RegioBank
  SNSB: 'SNSBNL2A', // SNS
  TRIO: 'TRIONL2U', // Triodos Bank
};

/** The BIC of the IBAN's bank when known; null for an invalid IBAN or an unknown bank. */
export function bicForIban(iban: string): string | null {
  const electronic = electronicFormatIBAN(iban) ?? '';
  if (!isValidIBAN(electronic) || !electronic.startsWith('NL')) return null;
  return DUTCH_BANK_BICS[electronic.slice(4, 8)] ?? null;
}
