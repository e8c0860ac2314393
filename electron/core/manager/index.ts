// The manager area's face to the other areas (docs/architecture.md §2): they import it only from here.
export * from './area';
export { pushDayClosures } from './dayCloseSync';
export { type ChooseExportFile, type ExportPlace } from './exportPlace';
export { type ReportExports } from './exports';
export { syncProblems } from './syncProblems';
