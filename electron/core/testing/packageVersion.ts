import { readFileSync } from 'node:fs';

/** What package.json says: the version a counter reports wherever no shell passes its own (docs/api.md §11.2). */
export const packageVersion = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
