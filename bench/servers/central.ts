import { startCentral } from '../../server/central';
import { serveUntilStopped } from '../../server/testing/child';

/** Child entry: the real central order service on the given database, with READERS reader threads (SQLite), on PORT (0: any). */
const [db, jwtSecret, readers = '2', port = '0'] = process.argv.slice(2);
if (!db || !jwtSecret) throw new Error('usage: central.ts DB JWT_SECRET [READERS] [PORT]');
const central = await startCentral({ db, port: Number(port), jwtSecret, logger: false, readers: Number(readers) });
serveUntilStopped(central.url, () => central.close());
