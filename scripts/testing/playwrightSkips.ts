import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * The end-to-end twin of vitestSkips.ts: a skip must give its reason (a skip annotation with a
 * description), else the run fails; every skip is counted for CI's closing line.
 */
export default class SkipReasons implements Reporter {
  private readonly unexplained: string[] = [];
  private skipped = 0;

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status !== 'skipped') return;
    this.skipped += 1;
    const why = [...test.annotations, ...result.annotations].some(
      (a) => (a.type === 'skip' || a.type === 'fixme') && a.description?.trim(),
    );
    if (!why) this.unexplained.push(test.titlePath().filter(Boolean).join(' > '));
  }

  async onEnd(): Promise<{ status?: FullResult['status'] } | undefined> {
    console.log(`Skipped tests: ${this.skipped} (without a reason: ${this.unexplained.length})`);
    if (this.unexplained.length === 0) return undefined;
    for (const name of this.unexplained) console.log(`  skipped without a reason: ${name}`);
    return { status: 'failed' };
  }
}
