import { describe, expect, it } from 'vitest';
import {
  failing,
  folderOf,
  folderScores,
  globToRegExp,
  mergeReports,
  parseEquivalents,
  staleEquivalents,
  type MutationReport,
} from './mutationScores';

const at = (line: number, column = 1) => ({ start: { line, column } });
const report: MutationReport = {
  files: {
    'domain/rules/dates.ts': {
      mutants: [
        { mutatorName: 'EqualityOperator', status: 'Killed', location: at(3) },
        { mutatorName: 'EqualityOperator', status: 'Timeout', location: at(4) },
        { mutatorName: 'EqualityOperator', status: 'Survived', location: at(5, 7) },
        { mutatorName: 'StringLiteral', status: 'CompileError', location: at(6) },
      ],
    },
    'domain/rules/deep/limits.ts': {
      mutants: [
        { mutatorName: 'BooleanLiteral', status: 'NoCoverage', location: at(1) },
        { mutatorName: 'BooleanLiteral', status: 'Ignored', location: at(2) },
      ],
    },
    'domain/store/sqlite/groupCommit.ts': { mutants: [{ mutatorName: 'BlockStatement', status: 'Killed', location: at(9) }] },
    'server/auth.ts': { mutants: [{ mutatorName: 'BlockStatement', status: 'Survived', location: at(2) }] },
  },
};
const targets = ['domain/rules/**/*.ts', 'domain/store/**/groupCommit.ts', 'server/auth.ts', 'electron/shell/policy.ts'];

describe('mutation scores per folder', () => {
  it('matches `**` as any number of folders, none included, and `*` within one name only', () => {
    const rules = globToRegExp('domain/rules/**/*.ts');
    expect(['domain/rules/dates.ts', 'domain/rules/a/b/c.ts'].map((f) => rules.test(f))).toEqual([true, true]);
    expect(['domain/rulesX/dates.ts', 'domain/rules/dates.tsx', 'xdomain/rules/a.ts'].map((f) => rules.test(f))).toEqual([
      false,
      false,
      false,
    ]);
    const commit = globToRegExp('domain/store/**/groupCommit.ts');
    expect(
      ['domain/store/groupCommit.ts', 'domain/store/sqlite/groupCommit.ts', 'domain/store/groupCommitXts'].map((f) => commit.test(f)),
    ).toEqual([true, true, false]);
    expect(globToRegExp('server/auth.ts').test('server/authxts')).toBe(false);
  });

  it('counts killed and timed-out mutants as detected over detected, survived and uncovered, per target; compile errors and ignored not at all', () => {
    const [rules, commit, auth, policy] = folderScores(report, targets, []);
    expect(rules).toMatchObject({ detected: 2, survived: 1, noCoverage: 1, equivalent: 0, score: 50, raw: 50 });
    expect(commit).toMatchObject({ detected: 1, survived: 0, score: 100 });
    expect(auth).toMatchObject({ detected: 0, survived: 1, score: 0 });
    expect(policy).toMatchObject({ detected: 0, score: null, raw: null });
  });

  it('leaves a survivor listed as equivalent out of the score, not out of the raw score; only on the same line, column and mutator', () => {
    const listed = [
      { file: 'domain/rules/dates.ts', line: 5, column: 7, mutator: 'EqualityOperator' },
      { file: 'server/auth.ts', line: 2, column: 1, mutator: 'StringLiteral' },
    ];
    const [rules, , auth] = folderScores(report, targets, listed);
    expect(rules).toMatchObject({ survived: 0, equivalent: 1, score: (100 * 2) / 3, raw: 50 });
    expect(auth).toMatchObject({ survived: 1, equivalent: 0, score: 0 });
    expect(staleEquivalents(report, listed)).toEqual([listed[1]]);
  });

  it('fails a folder under 85 % and one the report does not hold; passes one at 85 % exactly', () => {
    const scores = [
      { target: 'a', detected: 17, survived: 3, noCoverage: 0, equivalent: 0, raw: 85, score: 85 },
      { target: 'b', detected: 84, survived: 16, noCoverage: 0, equivalent: 0, raw: 84, score: 84.99 },
      { target: 'c', detected: 0, survived: 0, noCoverage: 0, equivalent: 0, raw: null, score: null },
    ];
    expect(failing(scores).map((s) => s.target)).toEqual(['b', 'c']);
  });

  it('reads equivalents from MUTATION.md table rows, and names a folder without its glob tail', () => {
    const markdown = [
      '| mutant | mutator | why |',
      '| --- | --- | --- |',
      '| `domain/rules/dates.ts:12:5` | EqualityOperator | both sides equal there |',
      'text `server/auth.ts:1:1` | not a row',
    ].join('\n');
    expect(parseEquivalents(markdown)).toEqual([{ file: 'domain/rules/dates.ts', line: 12, column: 5, mutator: 'EqualityOperator' }]);
    expect([folderOf('domain/rules/**/*.ts'), folderOf('server/auth.ts'), folderOf('domain/store/**/groupCommit.ts')]).toEqual([
      'domain/rules',
      'server/auth.ts',
      'domain/store/**/groupCommit.ts',
    ]);
  });

  it("scores the test sets' reports together, each folder from the report that mutated it", () => {
    const sync: MutationReport = {
      files: { 'electron/core/sync/push.ts': { mutants: [{ mutatorName: 'BlockStatement', status: 'Killed', location: at(1) }] } },
    };
    const merged = mergeReports([report, sync]);
    const [rules, push] = folderScores(merged, ['domain/rules/**/*.ts', 'electron/core/sync/**/*.ts'], []);
    expect([rules!.detected, push!.detected, push!.score]).toEqual([2, 1, 100]);
  });
});
