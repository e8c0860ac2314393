// The central area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { type CentralAnswer, type CentralClient, type CentralRequests } from './centralClient';
export { type ClockOffset } from './clockOffset';
