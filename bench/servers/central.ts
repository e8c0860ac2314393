import { startCentral } from '../../server/central';
import { serveUntilStopped } from '../../server/testing/child';

/** Child entry: the real central order service on the given database, with READERS reader threads (SQLite). */
const [db, jwtSecret, readers = '2'] = process.argv.slice(2);
if (!db || !jwtSecret) throw new Error('usage: central.ts DB JWT_SECRET [READERS]');
const central = await startCentral({ db, port: 0, jwtSecret, logger: false, readers: Number(readers) });
serveUntilStopped(central.url, () => central.close());
