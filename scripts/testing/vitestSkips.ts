import type { Reporter, TestCase, Vitest } from 'vitest/node';

/**
 * A skipped test proves nothing, so a skip must say why: `ctx.skip('reason')` or
 * `it.skipIf(cond)` with the reason in a `ctx.skip` note. This reporter lists every skip without
 * a note and fails the run when there is one; the count of all skips goes into CI's closing line.
 */
export default class SkipReasons implements Reporter {
  private readonly unexplained: string[] = [];
  private skipped = 0;
  /** A run narrowed by name (`-t`): the tests left out are the developer's choice, not skips. */
  private filtered = false;

  onInit(vitest: Vitest): void {
    this.filtered = Boolean(vitest.config.testNamePattern);
  }

  onTestCaseResult(test: TestCase): void {
    if (this.filtered) return;
    const result = test.result();
    if (result.state !== 'skipped') return;
    this.skipped += 1;
    if (!result.note?.trim()) this.unexplained.push(`${test.module.moduleId}: ${test.fullName}`);
  }

  onTestRunEnd(): void {
    console.log(`Skipped tests: ${this.skipped} (without a reason: ${this.unexplained.length})`);
    if (this.unexplained.length === 0) return;
    for (const name of this.unexplained) console.log(`  skipped without a reason: ${name}`);
    process.exitCode = 1;
  }
}
