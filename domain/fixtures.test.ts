import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { otherFixtures, tempDir, writeFixturesFile } from '../server/testing/fixtures';
import { FixturesError, demoFixturesPath, jsonPath, loadFixturesFile } from './fixtures';

const tmp = tempDir();
afterAll(() => tmp.remove());

/** Loads a fixtures value written to a file and answers the refusal's message. */
function refusal(value: unknown, name = 'bad.json'): string {
  const file = writeFixturesFile(tmp.dir, value, name);
  try {
    loadFixturesFile(file);
  } catch (error) {
    expect(error).toBeInstanceOf(FixturesError);
    return (error as Error).message;
  }
  return expect.fail(`${name} was accepted`);
}

describe('fixtures files (docs/api.md §6)', () => {
  it('loads the demo file and any other file of the format', () => {
    expect(loadFixturesFile(demoFixturesPath()).products.length).toBeGreaterThan(0);
    const other = loadFixturesFile(writeFixturesFile(tmp.dir, otherFixtures(), 'other.json'));
    expect(other).toEqual(otherFixtures());
  });

  it('every key is optional', () => {
    const empty = loadFixturesFile(writeFixturesFile(tmp.dir, {}, 'empty.json'));
    expect(empty.products).toEqual([]);
    expect(empty.directDebitMandates).toEqual([]);
  });

  it('names the file and the JSON path of each problem', () => {
    const f = otherFixtures() as unknown as { products: Record<string, unknown>[] };
    f.products[3]!.amountInclTax = 'free';
    const message = refusal(f, 'prices.json');
    expect(message).toContain('prices.json');
    expect(message).toContain('$.products[3].amountInclTax');
  });

  it('refuses duplicate ids, unknown parents and ids outside the enumerations', () => {
    const f = otherFixtures();
    f.transitTokens[1]!.transitTokenId = f.transitTokens[0]!.transitTokenId;
    f.products[1]!.parentProductId = 1;
    f.directDebitMandates[0]!.directDebitMandateTypeId = 9;
    const message = refusal(f);
    expect(message).toContain('$.transitTokens[1].transitTokenId');
    expect(message).toContain('$.products[1].parentProductId');
    expect(message).toContain('$.directDebitMandates[0].directDebitMandateTypeId');
  });

  it('refuses a file that is not JSON, or is missing', () => {
    const broken = join(tmp.dir, 'broken.json');
    writeFileSync(broken, '{"products": [');
    expect(() => loadFixturesFile(broken)).toThrow(/broken\.json is not valid JSON/);
    expect(() => loadFixturesFile(`${tmp.dir}/missing.json`)).toThrow(/missing\.json cannot be read/);
  });

  it('writes JSON paths the way jq does', () => {
    expect(jsonPath([])).toBe('$');
    expect(jsonPath(['products', 0, 'requires', 'token'])).toBe('$.products[0].requires.token');
  });
});
