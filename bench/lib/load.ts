import autocannon from 'autocannon';
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
    failed: result.non2xx + result.errors + result.timeouts,
    total: result.requests.total,
  };
}
