// The cash area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { appendJournal, headHash } from './journal';
export { cashRecordsOf, cashRoundingsOf, journalOrderMoney, type CashRecord } from './orderMoney';
export { closeSessionRow, insertSession, movementsOfDay, openSessionNow, sessionsOf } from './sessions';
