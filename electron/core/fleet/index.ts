// The fleet area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { checkDatabase, isDamage } from './databaseCheck';
export { FleetMember } from './fleet';
export { type Updater } from './updates';
