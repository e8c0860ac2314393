// The terminal area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { readDayTerminalTotals } from './dayClose';
export { type TerminalOptions } from './setup';
export { manualAmong } from './terminalStore';
export { type TerminalPayments } from './terminalPayments';
export { type TerminalRefunds } from './terminalRefunds';
