import { statSync } from 'node:fs';
import type { TestSequencer, TestSpecification } from 'vitest/node';

/**
 * Test file order for mutation testing: the smallest files first. Vitest's own order runs the
 * longest files first (best for a parallel run); Stryker runs the tests covering a mutant one
 * file after the other and stops at the first failure, so a mutant that a small unit test
 * kills should not wait for the larger suites first. Size stands in for duration: it does
 * not change with the machine's load or with which mutant failed what.
 */
export default class SmallFilesFirst implements TestSequencer {
  shard(files: TestSpecification[]): TestSpecification[] {
    return files;
  }

  sort(files: TestSpecification[]): TestSpecification[] {
    const size = (spec: TestSpecification) => statSync(spec.moduleId).size;
    return files
      .map((spec) => ({ spec, size: size(spec) }))
      .sort((a, b) => a.size - b.size || a.spec.moduleId.localeCompare(b.spec.moduleId))
      .map(({ spec }) => spec);
  }
}
