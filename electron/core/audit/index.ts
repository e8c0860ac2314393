// The audit area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { actIsOrderWrite, addActValues, forgoAct, recordAct, runAct, type Act } from './acts';
export { auditPage, type AuditRecord } from './audit';
