import { afterEach, describe, expect, it, vi } from 'vitest';
import { testSeed } from './seed';

describe('testSeed', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('replays the seed given in the environment and prints it', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.stubEnv('SOME_SEED', '12345');
    expect(testSeed('SOME_SEED')).toBe(12345);
    expect(info).toHaveBeenCalledWith('SOME_SEED=12345');
  });

  it('draws a new integer seed when none is given, and prints that one', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    vi.stubEnv('SOME_SEED', '');
    const seed = testSeed('SOME_SEED');
    expect(Number.isSafeInteger(seed)).toBe(true);
    expect(info).toHaveBeenCalledWith(`SOME_SEED=${seed}`);
  });

  it('refuses a seed that is not an integer', () => {
    vi.stubEnv('SOME_SEED', 'abc');
    expect(() => testSeed('SOME_SEED')).toThrow(/SOME_SEED must be an integer/);
  });
});
