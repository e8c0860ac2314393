import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { z } from 'zod';
import { fixtures as fixturesSchema, type Fixtures } from '../shared/schemas/reference';

/**
 * The demo reference data bundled with the app: what a fresh install runs on. A function,
 * since a bundled Electron main process has no import.meta.url and passes its own path.
 */
export const demoFixturesPath = () => fileURLToPath(new URL('../assets/fixtures/demo.json', import.meta.url));

export class FixturesError extends Error {}

/** `$.products[3].amountInclTax`: where in the file a problem is. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${String(key)}`), '$');
}

export function describeIssues(source: string, issues: readonly z.core.$ZodIssue[]): string {
  const lines = issues.slice(0, 10).map((issue) => `  ${jsonPath(issue.path)}: ${issue.message}`);
  const more = issues.length > 10 ? `\n  ... and ${issues.length - 10} more` : '';
  return `${source} is not a valid reference data file:\n${lines.join('\n')}${more}`;
}

export function parseFixtures(source: string, value: unknown): Fixtures {
  const parsed = fixturesSchema.safeParse(value);
  if (!parsed.success) throw new FixturesError(describeIssues(source, parsed.error.issues));
  return parsed.data;
}

/** Reads and checks a fixtures file (docs/api.md §6); a bad file is refused with where and what. */
export function loadFixturesFile(file: string): Fixtures {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixturesError(`${file} cannot be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new FixturesError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseFixtures(file, value);
}
