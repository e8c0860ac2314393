/**
 * Rounds that take turns: each round measures every subject once, the order reversed every
 * other round (A B, B A, ...), so that no subject always follows the same one and all see
 * the machine's changing weather alike. Answers each subject's results, one per round.
 */
export async function interleaved<K extends string, T>(
  subjects: readonly K[],
  rounds: number,
  measure: (subject: K, round: number) => Promise<T>,
): Promise<Record<K, T[]>> {
  const results = Object.fromEntries(subjects.map((s) => [s, [] as T[]])) as Record<K, T[]>;
  for (let round = 0; round < rounds; round++) {
    for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) results[subject].push(await measure(subject, round));
  }
  return results;
}

/** A positive number from the environment (a benchmark's size, duration or count), or the fallback. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Rounds per comparison (BENCH_ROUNDS): at least 3, so that the median and the spread mean something. */
export const ROUNDS = Math.max(3, envNumber('BENCH_ROUNDS', 3));
