import { describe, expect, it } from 'vitest';
import { moduleOf, summarise, type CpuProfile } from './cpuprofile';

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber, columnNumber: 0 });

// root -> handler (server/app.ts) -> parse (native), and root -> (idle)
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame('(root)'), children: [2, 4] },
    { id: 2, callFrame: frame('handler', 'file:///repo/server/app.ts', 9), children: [3] },
    { id: 3, callFrame: frame('parse') },
    { id: 4, callFrame: frame('(idle)') },
  ],
  samples: [2, 3, 3, 4, 4],
  timeDeltas: [0, 1000, 1000, 1000, 1000, 1000],
};

describe('summarise', () => {
  it('counts busy time apart from idle time, per function and module, with the usual caller', () => {
    const s = summarise(profile);
    expect(s.busyMs).toBe(3);
    expect(s.idleMs).toBe(2);
    expect(s.functions.map((f) => [f.name, f.selfMs, f.totalMs])).toEqual([
      ['parse', 2, 2],
      ['handler server/app.ts:10:1', 1, 3],
    ]);
    expect(s.functions[0]!.via).toBe('handler server/app.ts:10:1');
    expect(s.modules.find((m) => m.name === 'server/app.ts')).toMatchObject({ selfMs: 1, totalMs: 3 });
  });

  it('uses a locator for readable positions', () => {
    const s = summarise(profile, (_url, line) => `line ${line + 1}`);
    expect(s.functions.map((f) => f.name)).toContain('handler server/app.ts:line 10');
  });
});

describe('moduleOf', () => {
  it('names packages, repo files, node internals and native code', () => {
    expect(moduleOf('file:///w/node_modules/@fastify/swagger/index.js')).toBe('@fastify/swagger');
    expect(moduleOf('file:///w/node_modules/fastify/lib/reply.js')).toBe('fastify');
    expect(moduleOf('file:///w/main/domain/store/orders.ts')).toBe('domain/store/orders.ts');
    expect(moduleOf('node:internal/http')).toBe('node:internal');
    expect(moduleOf('')).toBe('(native)');
  });
});
