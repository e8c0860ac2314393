import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import SmallFilesFirst from './smallFilesFirst';

describe('the mutation tests’ file order', () => {
  let dir: string;
  beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'sequencer-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const spec = (name: string, bytes: number) => {
    const moduleId = join(dir, name);
    writeFileSync(moduleId, 'x'.repeat(bytes));
    return { moduleId } as TestSpecification;
  };
  const names = (files: TestSpecification[]) => files.map((f) => f.moduleId.slice(dir.length + 1));

  it('runs the smallest files first, equal sizes by path, and leaves sharding alone', () => {
    const files = [spec('http.test.ts', 900), spec('b.test.ts', 10), spec('a.test.ts', 10), spec('unit.test.ts', 50)];
    const sequencer = new SmallFilesFirst();
    expect(names(sequencer.sort(files))).toEqual(['a.test.ts', 'b.test.ts', 'unit.test.ts', 'http.test.ts']);
    expect(sequencer.shard(files)).toBe(files);
  });
});
