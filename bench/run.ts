/**
 * `npm run bench -- TARGET`: one file per target, loaded only when asked for, so a target's
 * dependencies (servers, Electron, ...) cost nothing to the others.
 */
export {};

const targets: Record<string, { about: string; run: (args: string[]) => Promise<void> }> = {
  central: {
    about:
      "central order service vs bare node:http + SQLite (POST and GET /orders), then metrics on vs off ('central metrics': that part only)",
    run: async (args) => {
      const only = args[0] === 'metrics' ? 'metrics' : process.env.BENCH_ONLY?.toLowerCase();
      if (only !== 'metrics') await (await import('./central')).benchCentral();
      // The metrics' cost on SQLite, unless one other part was asked for.
      if ((!only || only === 'metrics') && process.env.BENCH_DB !== 'postgres')
        await (await import('./centralMetrics')).benchCentralMetrics();
    },
  },
  budget: {
    about: "the CI's read budget: a quick GET comparison of the central against bare; exits 1 when a request is under 0.75 × bare",
    run: async () => (await import('./readBudget')).benchReadBudget(),
  },
  counter: {
    about: 'counter IPC handler vs bare inserts, and sync throughput to a local central',
    run: async () => (await import('./counter')).benchCounter(),
  },
  sync: {
    about: 'time for a counter to converge over a lossy network, and sync vs a plain HTTP client',
    run: async () => (await import('./sync')).benchSync(),
  },
  manager: {
    about:
      "the manager's reads (filtered page, order search, a day's Z report) at ORDERS (1,000,000) vs 10,000 local orders; then a sale while exporting 200 days of 200,000 orders vs a sale alone ('manager export': that part only)",
    run: async (args) => {
      if (args[0] !== 'export') await (await import('./manager')).benchManager(args);
      await (await import('./managerExport')).benchManagerExport();
    },
  },
  devices: {
    about:
      "the desk's devices: Pay to the terminal simulator's PaymentRequest vs a bare TLS client, and a payment's approval to the receipt bytes on a fake ESC/POS printer vs a bare TCP client",
    run: async () => {
      await (await import('./terminal')).benchTerminal();
      await (await import('./devices')).benchDevices();
    },
  },
  profile: {
    about: 'summarise a .cpuprofile: FILE [TOP]',
    run: async (args) => (await import('./profile')).summariseProfile(args),
  },
};

const [name, ...args] = process.argv.slice(2);
const target = name ? targets[name] : undefined;
if (!target) {
  console.error(
    `usage: npm run bench -- TARGET\n${Object.entries(targets)
      .map(([n, t]) => `  ${n.padEnd(10)} ${t.about}`)
      .join('\n')}`,
  );
  process.exit(name ? 2 : 0);
}
await target.run(args);
