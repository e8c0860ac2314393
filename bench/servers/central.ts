import { startCentral } from '../../server/central';
import { serveUntilStopped } from '../lib/child';

/** Child entry: the real central order service on the given SQLite file. */
const [db, jwtSecret] = process.argv.slice(2);
if (!db || !jwtSecret) throw new Error('usage: central.ts DB_FILE JWT_SECRET');
const central = await startCentral({ db, port: 0, jwtSecret, logger: false });
serveUntilStopped(central.url, () => central.close());
