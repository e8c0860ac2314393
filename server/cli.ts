import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { FixturesError } from '../domain/fixtures';
import { NewerDatabaseError } from '../domain/store/errors';
import { centralLogger, startCentral } from './central';

/** `npm run central -- [--host H] [--port P] [--db FILE] [--fixtures FILE]` (CONTRACT 1). */

function defaultDataDir(): string {
  const base =
    process.env.XDG_DATA_HOME ??
    (process.platform === 'win32' ? process.env.APPDATA : undefined) ??
    (process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support') : join(homedir(), '.local', 'share'));
  return join(base ?? join(process.cwd(), 'data'), 'counter-central');
}

const args = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.string().regex(/^\d+$/, '--port must be a number').transform(Number).pipe(z.number().max(65535)).default(8080),
  db: z.string().min(1).default(join(defaultDataDir(), 'central.sqlite')),
  fixtures: z.string().min(1).optional(),
});

async function main() {
  const { values } = parseArgs({
    options: { host: { type: 'string' }, port: { type: 'string' }, db: { type: 'string' }, fixtures: { type: 'string' } },
    strict: true,
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    process.exit(2);
  }
  const options = parsed.data;
  const logger = centralLogger();
  const central = await startCentral({
    ...options,
    jwtSecret: process.env.CENTRAL_JWT_SECRET,
    customerJwtSecret: process.env.CENTRAL_CUSTOMER_JWT_SECRET,
    logger,
  });
  console.log(`listening on ${central.url}`);
  console.log(
    `order interface ${central.url}/api/2.0, lookup interface ${central.url}/crud/v1, OpenAPI ${central.url}/api/2.0/openapi.json`,
  );
  if (central.devToken) {
    console.log('CENTRAL_JWT_SECRET is not set: made a random key for this run. A bearer token for local use:');
    console.log(central.devToken);
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await central.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof FixturesError || error instanceof NewerDatabaseError) {
    console.error(error.message);
  } else {
    console.error('The central order service could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
