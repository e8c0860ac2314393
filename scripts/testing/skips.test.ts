import type { TestCase as PlaywrightCase, TestResult } from '@playwright/test/reporter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestCase, Vitest } from 'vitest/node';
import PlaywrightSkips from './playwrightSkips';
import VitestSkips from './vitestSkips';

const vitestCase = (name: string, result: { state: string; note?: string }) =>
  ({ fullName: name, module: { moduleId: '/x.test.ts' }, result: () => result }) as unknown as TestCase;

const playwrightCase = (name: string, annotations: { type: string; description?: string }[]) =>
  ({ annotations, titlePath: () => ['', 'chromium', name] }) as unknown as PlaywrightCase;
const skippedResult = { status: 'skipped', annotations: [] } as unknown as TestResult;

describe('skips must give a reason', () => {
  const exitCode = process.exitCode;
  afterEach(() => {
    process.exitCode = exitCode;
    vi.restoreAllMocks();
  });

  it('Vitest: a skip without a note fails the run and is named; passes and noted skips do not', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const reporter = new VitestSkips();
    reporter.onTestCaseResult(vitestCase('passes', { state: 'passed' }));
    reporter.onTestCaseResult(vitestCase('has a reason', { state: 'skipped', note: 'no camera here' }));
    reporter.onTestCaseResult(vitestCase('says nothing', { state: 'skipped', note: '  ' }));
    reporter.onTestRunEnd();
    expect(process.exitCode).toBe(1);
    expect(log.mock.calls.flat().join('\n')).toMatch(/Skipped tests: 2 \(without a reason: 1\)[\s\S]*says nothing/);
  });

  it('Vitest: only noted skips leave the exit code alone', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    process.exitCode = 0;
    const reporter = new VitestSkips();
    reporter.onTestCaseResult(vitestCase('has a reason', { state: 'skipped', note: 'no camera here' }));
    reporter.onTestRunEnd();
    expect(process.exitCode).toBe(0);
  });

  it('Vitest: a run narrowed by name (-t) does not count the tests it left out', () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    process.exitCode = 0;
    const reporter = new VitestSkips();
    reporter.onInit({ config: { testNamePattern: /one test/ } } as unknown as Vitest);
    reporter.onTestCaseResult(vitestCase('left out', { state: 'skipped' }));
    reporter.onTestRunEnd();
    expect(process.exitCode).toBe(0);
  });

  it('Playwright: a skip without a description fails the run; one with a description does not', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const plain = new PlaywrightSkips();
    plain.onTestEnd(playwrightCase('bare', [{ type: 'skip' }]), skippedResult);
    expect(await plain.onEnd()).toEqual({ status: 'failed' });

    const reasoned = new PlaywrightSkips();
    reasoned.onTestEnd(playwrightCase('why', [{ type: 'skip', description: 'no printer here' }]), skippedResult);
    expect(await reasoned.onEnd()).toBeUndefined();
  });
});
