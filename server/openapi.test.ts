import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { commonStatuses, operationIdOf } from './openapi';
import { scenarios, tempDir } from './testing/fixtures';
import { API, harness } from './testing/harness';
import { undocumentedAnswers } from './testing/openapiAnswers';

/** docs/api.md §1: the served OpenAPI document passes Redocly's recommended rules with no error and no warning. */

const [scenario] = scenarios();
const tmp = tempDir();
afterAll(() => tmp.remove());
const REDOCLY = fileURLToPath(new URL('../node_modules/@redocly/cli/bin/cli.js', import.meta.url));

type Doc = {
  servers?: unknown[];
  info: { license?: { name: string } };
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, unknown> }>>;
};

async function served(): Promise<{ text: string; doc: Doc }> {
  const h = await harness(scenario!);
  try {
    const res = await h.call('GET', `${API}/openapi.json`, { auth: null });
    expect(res.status).toBe(200);
    return { text: res.text, doc: res.body as Doc };
  } finally {
    await h.close();
  }
}

describe('the OpenAPI document', { timeout: 120_000 }, () => {
  it('passes `redocly lint` (recommended rules) with no problem at all', async () => {
    const file = join(tmp.dir, 'openapi.json');
    writeFileSync(file, (await served()).text);
    const child = spawn(process.execPath, [REDOCLY, 'lint', file, '--format=json'], { env: { ...process.env, REDOCLY_TELEMETRY: 'off' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const [code] = (await once(child, 'exit')) as [number];
    const report = JSON.parse(out) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(code).toBe(0);
  });

  it('gives every operation its own operationId and the statuses the app answers on any route', async () => {
    const { doc } = await served();
    expect(doc.servers).toHaveLength(1);
    expect(doc.info.license?.name).toMatch(/Proprietary/);
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        ids.push(op.operationId!);
        for (const status of commonStatuses(method.toUpperCase(), true).filter((s) => s < 401 || s > 403)) {
          expect(op.responses, `${method} ${path}`).toHaveProperty(String(status));
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths[`${API}/orders`]!.post!.responses).toHaveProperty('415');
    expect(doc.paths[`${API}/orders`]!.post!.responses).toHaveProperty('413');
    expect(doc.paths[`${API}/orders/{orderId}`]!.get!.operationId).toBe('getOrdersByOrderId');
  });

  it('lets the HTTP tests’ harness name an answered status the document does not list', async () => {
    const h = await harness(scenario!);
    try {
      expect(await undocumentedAnswers(h.app, [{ method: 'get', route: `${API}/orders/:orderId`, status: 404 }])).toEqual([]);
      expect(
        await undocumentedAnswers(h.app, [
          { method: 'get', route: `${API}/orders/:orderId`, status: 418 },
          { method: 'get', route: `${API}/openapi.json`, status: 418 },
        ]),
      ).toEqual([`GET ${API}/orders/:orderId 418`]);
    } finally {
      await h.close();
    }
  });

  it('names operations by method and path, the lookup interface apart', () => {
    expect(operationIdOf('POST', '/api/2.0/orders/:orderId/payments')).toBe('postOrdersByOrderIdPayments');
    expect(operationIdOf('GET', '/crud/v1/transittokens')).toBe('getLookupTransittokens');
    expect(operationIdOf('DELETE', '/api/2.0/counters/{deviceId}')).toBe('deleteCountersByDeviceId');
  });
});
