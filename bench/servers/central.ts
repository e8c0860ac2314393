import { startCentral } from '../../server/central';
import { serveUntilStopped } from '../../server/testing/child';

/**
 * Child entry: the real central order service on the given database, with READERS reader
 * threads (SQLite), on PORT (0: any), its metrics on unless METRICS is `off`, shedding load
 * beyond MAX_LAG ms of event-loop lag (default the central's own; 0: never).
 */
const [db, jwtSecret, readers = '2', port = '0', metrics = 'on', maxLag] = process.argv.slice(2);
if (!db || !jwtSecret) throw new Error('usage: central.ts DB JWT_SECRET [READERS] [PORT] [on|off] [MAX_LAG]');
const central = await startCentral({
  db,
  port: Number(port),
  jwtSecret,
  logger: false,
  readers: Number(readers),
  metrics: metrics !== 'off',
  ...(maxLag === undefined ? {} : { maxEventLoopDelayMs: Number(maxLag) }),
});
serveUntilStopped(central.url, () => central.close());
