import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCounterReader } from '../db/database';
import { plural } from '../../../shared/plural';
import { verifyJournal, type Verdict } from './journal';

/**
 * `npm run journal -- verify [--data-dir D]` (docs/api.md §10.3): walks a counter's money
 * journal and names the first row that does not match. Exit 0: the chain holds; 1: a row
 * does not match; 2: no journal to read. The file is opened to read only.
 */

/** The same folder the counter uses: COUNTER_DATA_DIR, else the platform's per-user data folder. */
function defaultDataDir(): string {
  if (process.env.COUNTER_DATA_DIR) return process.env.COUNTER_DATA_DIR;
  if (process.platform === 'win32' && process.env.APPDATA) return join(process.env.APPDATA, 'counter');
  return join(process.env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'counter');
}

const REASONS: Record<Extract<Verdict, { ok: false }>['reason'], string> = {
  gap: 'a row is missing before it',
  chain: 'it does not follow the row before it',
  hash: 'its content does not match its hash',
};

export function describeVerdict(verdict: Verdict): string {
  return verdict.ok
    ? `the journal holds: ${verdict.rows} ${plural('en', verdict.rows, 'row', 'rows')}, head ${verdict.head}`
    : `row ${verdict.seq} does not match: ${REASONS[verdict.reason]}`;
}

function main(): number {
  const { values, positionals } = parseArgs({ options: { 'data-dir': { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals[0] !== 'verify' || positionals.length !== 1) {
    console.error('usage: npm run journal -- verify [--data-dir D]');
    return 2;
  }
  const file = join(values['data-dir'] ?? defaultDataDir(), 'counter.sqlite');
  if (!existsSync(file)) {
    console.error(`no counter database at ${file}`);
    return 2;
  }
  const db = openCounterReader(file);
  try {
    const verdict = verifyJournal(db);
    (verdict.ok ? console.log : console.error)(describeVerdict(verdict));
    return verdict.ok ? 0 : 1;
  } finally {
    db.close();
  }
}

process.exitCode = main();
