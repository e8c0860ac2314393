import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * The simulator's TLS: a CA made at start and a certificate it signs that names the terminal
 * as Adyen's do (`POIID.test.terminal.adyen.com`) and lists 127.0.0.1 (docs/api.md §9.1). Made
 * with the machine's `openssl`: Node's crypto makes keys but no certificates, and this is a
 * dev tool, never part of the product.
 */

export interface SimulatorTls {
  /** PEM of the CA: what the counter is given as `terminal.ca`. */
  ca: string;
  /** The CA's PEM as a file (for COUNTER_TERMINAL_CA). */
  caPath: string;
  cert: string;
  key: string;
  /** Removes the files. */
  remove(): Promise<void>;
}

const run = promisify(execFile);

export async function makeSimulatorTls(poiId: string): Promise<SimulatorTls> {
  const dir = await mkdtemp(join(tmpdir(), 'counter-terminal-simulator-'));
  const at = (name: string) => join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  try {
    await run('openssl', [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      at('ca.key'),
      '-out',
      at('ca.pem'),
      '-days',
      '30',
      '-subj',
      '/CN=Counter terminal simulator CA',
    ]);
    await run('openssl', ['req', ...ec, '-keyout', at('key.pem'), '-out', at('req.csr'), '-subj', `/CN=${poiId}.test.terminal.adyen.com`]);
    await writeFile(
      at('ext.cnf'),
      [
        `subjectAltName=DNS:${poiId}.test.terminal.adyen.com,IP:127.0.0.1`,
        'basicConstraints=CA:FALSE',
        'keyUsage=digitalSignature',
        'extendedKeyUsage=serverAuth',
      ].join('\n'),
    );
    await run('openssl', [
      'x509',
      '-req',
      '-in',
      at('req.csr'),
      '-CA',
      at('ca.pem'),
      '-CAkey',
      at('ca.key'),
      '-CAcreateserial',
      '-out',
      at('cert.pem'),
      '-days',
      '30',
      '-extfile',
      at('ext.cnf'),
    ]);
    const [ca, cert, key] = await Promise.all(['ca.pem', 'cert.pem', 'key.pem'].map((name) => readFile(at(name), 'utf8')));
    return { ca: ca!, caPath: at('ca.pem'), cert: cert!, key: key!, remove: () => rm(dir, { recursive: true, force: true }) };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw new Error(`the terminal simulator's certificate could not be made with openssl: ${(error as Error).message}`, { cause: error });
  }
}
