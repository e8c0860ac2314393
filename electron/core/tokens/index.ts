// The tokens area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { type MailTransport } from './challenge';
export { type Lookups } from './lookups';
