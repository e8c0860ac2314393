/**
 * The seed of a randomised test (fast-check, a fault schedule): taken from the environment
 * variable when set, else drawn anew; printed either way, so a failing run can be replayed with
 * `NAME=<seed> npx vitest run <file>`.
 */
export function testSeed(variable: string): number {
  const given = process.env[variable];
  const seed = given !== undefined && given !== '' ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isSafeInteger(seed)) throw new Error(`${variable} must be an integer, not ${given}`);
  console.info(`${variable}=${seed}`);
  return seed;
}
