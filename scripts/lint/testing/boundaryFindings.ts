import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, it } from 'vitest';

/**
 * The house's lint run on snippets as if they were files at the given paths (the files need not
 * exist), with the repository's own eslint.config.js, so a block that silently stopped applying
 * fails a test (docs/architecture.md §2). Each place is tried with code it must refuse and code it
 * must let through.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
export const PACKAGES = 'house/packages';
export const FOLDERS = 'house/folders';
export const LAYER = 'house/layer';
export const AREAS = 'house/areas';
export const TABLES = 'house/tables';
const boundaryRules = [PACKAGES, FOLDERS, LAYER, AREAS, TABLES];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary messages for one line of code at `file`; fails on a parse error or an ignored file. */
export async function boundaryFindings(file: string, code: string): Promise<{ rule: string; message: string }[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: file });
  expect(result!.messages.filter((m) => m.ruleId === null)).toEqual([]);
  return result!.messages.filter((m) => boundaryRules.includes(m.ruleId!)).map((m) => ({ rule: m.ruleId!, message: m.message }));
}

export type Case = [file: string, code: string];
/** Each case's code at its file gets exactly one finding: of `rule`, saying `saying`. */
export const refuses = (rule: string, saying: RegExp, cases: Case[]) =>
  it.each(cases)('%s: %s is refused', async (file, code) => {
    const findings = await boundaryFindings(file, code);
    expect(findings).toEqual([{ rule, message: expect.stringMatching(saying) }]);
  });
/** Each case's code at its file gets no boundary finding. */
export const allows = (cases: Case[]) =>
  it.each(cases)('%s: %s is allowed', async (file, code) => {
    expect(await boundaryFindings(file, code)).toEqual([]);
  });
