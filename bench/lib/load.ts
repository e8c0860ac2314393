import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import { watchCpu } from './cpu';
import type { Figures } from './report';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

/** One autocannon run (programmatic API, in this process), reduced to the figures we report. */
export async function runLoad(options: LoadOptions): Promise<Figures> {
  const cpu = watchCpu();
  const result = await autocannon({
    url: options.url,
    method: options.method,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    body: options.body,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
    cpu: cpu(),
  };
}

/**
 * Requests one after another on one kept-alive connection for `seconds`, each timed with
 * performance.now(): the latency of one request alone, to the microsecond (autocannon's
 * histogram counts whole milliseconds, too coarse for a page read from an index).
 */
export async function runSequential(options: Omit<LoadOptions, 'connections' | 'body'> & { method: 'GET' }): Promise<Figures> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failed = 0;
  const end = performance.now() + options.seconds * 1000;
  try {
    while (performance.now() < end) {
      const t0 = performance.now();
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(options.url, { method: options.method, headers: options.headers, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end();
      }).catch(() => 0);
      times.push(performance.now() - t0);
      if (status < 200 || status > 299) failed++;
    }
  } finally {
    agent.destroy();
  }
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { rps: times.length / options.seconds, p50: at(0.5), p99: at(0.99), failed, total: times.length };
}
