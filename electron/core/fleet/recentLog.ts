import type { SyncStatus } from '../../../shared/ipc';
import type { ClockOffset } from '../central';
import type { DatabaseCheck } from './databaseCheck';
import type { Enrolment } from './enrolment';

/**
 * The counter's own log of what happened to it as a member of a fleet (sync online or offline
 * and why, the clock, the enrolment, updates, the database check), for the support bundle. Its
 * lines are made of codes, counts and times only, never of an order's or a person's data; a
 * scrub removes anything that looks like personal data or a token all the same.
 */
const KEEP = 500;

/** E-mail addresses, IBANs, JWTs and long digit runs (a pass or card number): never in a support file. */
const PERSONAL = [/[^\s@]+@[^\s@]+\.[^\s@]+/g, /\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/g, /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, /\d{8,}/g];

export function scrub(line: string): string {
  return PERSONAL.reduce((text, pattern) => text.replace(pattern, '[removed]'), line);
}

export class RecentLog {
  private readonly lines: string[] = [];

  constructor(private readonly now: () => Date) {}

  note(line: string): void {
    this.lines.push(`${this.now().toISOString()} ${scrub(line)}`);
    if (this.lines.length > KEEP) this.lines.splice(0, this.lines.length - KEEP);
  }

  all(): string[] {
    return [...this.lines];
  }
}

/** What the log hears of: sync's state as it changes, the clock, the enrolment and the database check at start. */
export function noteFleetEvents(
  log: RecentLog,
  sources: {
    engine: { on(event: 'status', listener: (s: SyncStatus) => void): unknown };
    clock: ClockOffset | undefined;
    enrolment: Enrolment;
    databaseCheck: DatabaseCheck;
  },
): void {
  const { databaseCheck } = sources;
  log.note(
    databaseCheck.ok
      ? 'database check: ok'
      : `database check: ${databaseCheck.problems.length} problems: ${databaseCheck.problems.join(' | ')}`,
  );
  let last = '';
  sources.engine.on('status', (s) => {
    const line = `sync: ${s.online ? 'online' : 'offline'}, ${s.pending} to send, ${s.rejected} rejected, ${s.setAside} set aside, last error ${s.lastError ?? 'none'}`;
    if (line !== last) log.note(line);
    last = line;
  });
  sources.clock?.onChange(() => log.note(`clock: ${sources.clock?.ms ?? 'unknown'} ms off the central`));
  sources.enrolment.onChange(() => {
    const e = sources.enrolment.current;
    log.note(
      e ? `enrolment: ${e.revoked ? 'revoked' : 'enrolled'}, device ${e.deviceId}, touchpoint ${e.touchpointId}` : 'enrolment: none',
    );
  });
}
