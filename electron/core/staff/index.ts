// The staff area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { approverOf } from './approval';
export { type Staff } from './staff';
