import type { Figures } from './report';

/**
 * Rounds that take turns: each round measures every subject once, the order reversed every
 * other round (A B, B A, ...), so that no subject always follows the same one and all see
 * the machine's changing weather alike. Answers each subject's figures, one per round.
 */
export async function interleaved<K extends string>(
  subjects: readonly K[],
  rounds: number,
  measure: (subject: K) => Promise<Figures>,
): Promise<Record<K, Figures[]>> {
  const results = Object.fromEntries(subjects.map((s) => [s, [] as Figures[]])) as Record<K, Figures[]>;
  for (let round = 0; round < rounds; round++) {
    for (const subject of round % 2 === 0 ? subjects : [...subjects].reverse()) results[subject].push(await measure(subject));
  }
  return results;
}
