import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scenarios } from './testing/fixtures';
import { enrolDevice, heartbeat, report } from './testing/fleet';
import { API, harness } from './testing/harness';
import { createOrder } from './testing/orders';

/**
 * Prometheus' own checker on what the repository ships (docs/api.md §11.3): the central's
 * /metrics text, and the alert rules with their unit tests (ops/prometheus/). promtool comes
 * with Debian's `prometheus` package (.ci/run installs it); PROMTOOL names another. Without it
 * the tests say so, and in CI (CI set) they fail: CI must prove the rules.
 */

const RULES = fileURLToPath(new URL('../ops/prometheus/', import.meta.url));
const PROMTOOL = process.env.PROMTOOL || 'promtool';
const found = spawnSync(PROMTOOL, ['--version']).status === 0;
const MISSING = `promtool is not installed (Debian package prometheus, or set PROMTOOL)`;

function promtool(args: string[], input?: string) {
  const run = spawnSync(PROMTOOL, args, { cwd: RULES, input, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('promtool', () => {
  const [scenario] = scenarios();
  let close = async () => {};
  afterAll(() => close());

  it.for([
    ['check metrics on a scraped /metrics', 'metrics'],
    ['check rules on ops/prometheus/alerts.yml', 'rules'],
    ['test rules: each alert fires when it should', 'test'],
    ['check config on ops/prometheus/prometheus.yml', 'config'],
  ] as const)('%s', async ([, what], ctx) => {
    if (!found) {
      if (process.env.CI) expect.fail(`${MISSING}: CI must run these checks`);
      return ctx.skip(MISSING);
    }
    if (what === 'metrics') {
      const h = await harness({ ...scenario!, metrics: true });
      close = () => h.close();
      await createOrder(h);
      await report(h, await enrolDevice(h), heartbeat({ outboxDepth: 2, oldestUnsentAgeSeconds: 1200 }));
      const text = (await h.call('GET', '/metrics', { auth: null })).text;
      expect(text).toContain(`route="${API}/orders"`);
      const checked = promtool(['check', 'metrics'], text);
      expect(checked, checked.output).toMatchObject({ status: 0 });
      return;
    }
    const args = {
      rules: ['check', 'rules', 'alerts.yml'],
      test: ['test', 'rules', 'alerts.test.yml'],
      config: ['check', 'config', 'prometheus.yml'],
    };
    const checked = promtool(args[what]);
    expect(checked.output).toContain('SUCCESS');
    expect(checked, checked.output).toMatchObject({ status: 0 });
  });
});
