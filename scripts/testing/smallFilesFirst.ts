import { statSync } from 'node:fs';
import { matchesGlob } from 'node:path';
import type { TestSequencer, TestSpecification } from 'vitest/node';

/**
 * Test file order for mutation testing: the smallest files first. Vitest's own order runs the
 * longest files first (best for a parallel run); Stryker runs the tests covering a mutant one
 * file after the other and stops at the first failure, so a mutant that a small unit test
 * kills should not wait for the HTTP or sync suites first. Size stands in for duration: it does
 * not change with the machine's load or with which mutant failed what.
 */
export default class SmallFilesFirst implements TestSequencer {
  /**
   * Absolute globs of files that run after all others whatever their size: the scenario suites
   * that start servers and processes (seconds a test), behind unit tests larger than they are.
   */
  protected readonly runLast: readonly string[] = [];

  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    const last = (spec: TestSpecification) => (this.runLast.some((glob) => matchesGlob(spec.moduleId, glob)) ? 1 : 0);
    return files
      .map((spec) => ({ spec, last: last(spec), size: size(spec) }))
      .sort((a, b) => a.last - b.last || a.size - b.size || a.spec.moduleId.localeCompare(b.spec.moduleId))
      .map(({ spec }) => spec);
  }
}

/** SmallFilesFirst with the files matching `globs` (absolute) run last. Vitest makes the sequencer itself, so the globs go in by class. */
export const runningLast = (globs: readonly string[]): typeof SmallFilesFirst =>
  class extends SmallFilesFirst {
    protected override readonly runLast = globs;
  };
