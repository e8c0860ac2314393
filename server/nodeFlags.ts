/**
 * The Node flags `npm run central` starts the central with (`--workers` processes inherit
 * them), and that command itself: package.json's `central` script, kept in step with
 * CENTRAL_COMMAND by cli.test.ts, and what the tests' startCli runs.
 *
 * A young generation of 32 MB semi-spaces instead of V8's 16: a list page of 100 orders goes
 * through the main thread as several short-lived copies of its 170 KB of text (the reader
 * thread's hand-over, the joined answer), and with the default the central's main thread spent
 * about a sixth of its time collecting garbage (the bare server, reading on its own thread, 3 %).
 * Measured on 1,000,000 orders, pull pages of 100, 50 connections: the central 362–395 req/s
 * with the default, 422–427 with this (bench/README.md, "central").
 */
export const CENTRAL_NODE_FLAGS = ['--max-semi-space-size=32'] as const;

/** `npm run central`, word for word. */
export const CENTRAL_COMMAND = ['node', ...CENTRAL_NODE_FLAGS, '--import', 'tsx', 'server/cli.ts'] as const;
