import { describe, expect, it } from 'vitest';
import { PACKAGES, FOLDERS, LAYER, allows, boundaryFindings, refuses } from './testing/boundaryFindings';

/**
 * The layers of eslint.config.js and their import boundaries outside the counter's core
 * (docs/architecture.md §2): what the renderer, shared/, domain/, server/, the shells and the
 * harnesses may import, and that a file no layer holds fails.
 */

describe('renderer/ imports shared/, the pure domain rules and assets/', () => {
  refuses(FOLDERS, /renderer\/ reaches the main process only through the preload API/, [
    ['renderer/App.tsx', "import '../domain/store/orders';"],
    ['renderer/sale/SaleScreen.tsx', "import '../../domain/store/orders';"],
    ['renderer/sale/SaleScreen.tsx', "import '../../domain/service';"],
    ['renderer/sale/SaleScreen.tsx', "import { startCentral } from '../../server/central';"],
    ['renderer/sale/SaleScreen.tsx', "import type { Counter } from '../../electron/core/counter';"],
    ['renderer/sale/SaleScreen.tsx', "export * from '../../electron/core/types';"],
    ['renderer/a/b/c/Deep.tsx', "import '../../../../server/app';"],
    ['renderer/App.tsx', "import '../../elsewhere/x';"],
  ]);
  refuses(PACKAGES, /no Node built-ins or Node-only packages/, [
    ['renderer/sale/SaleScreen.tsx', "import { readFileSync } from 'node:fs';"],
    ['renderer/sale/SaleScreen.tsx', "import { join } from 'path';"],
    ['renderer/sale/SaleScreen.tsx', "import Fastify from 'fastify';"],
  ]);
  refuses(PACKAGES, /Only the backend folders .* import a database driver/, [
    ['renderer/sale/SaleScreen.tsx', "import type { Database } from 'better-sqlite3';"],
  ]);
  refuses(PACKAGES, /Only electron\/main.ts and electron\/preload.ts import Electron/, [
    ['renderer/sale/SaleScreen.tsx', "import { ipcRenderer } from 'electron';"],
  ]);
  allows([
    ['renderer/App.tsx', "import { useState } from 'react';"],
    ['renderer/App.tsx', "import type { IpcApi } from '../shared/ipc';"],
    ['renderer/sale/SaleScreen.tsx', "import '../../shared/schemas/order';"],
    ['renderer/sale/SaleScreen.tsx', "import { paymentState } from '../../domain/order/money';"],
    ['renderer/sale/SaleScreen.tsx', "import '../../domain/rules/dates';"],
    ['renderer/sale/SaleScreen.tsx', "import '../../domain/catalog';"],
    ['renderer/sale/SaleScreen.tsx', "import '../checkout/payments';"],
    ['renderer/start/FirstRunScreen.test.tsx', "import demo from '../../assets/fixtures/demo.json';"],
    ['renderer/a/b/c/Deep.tsx', "import '../../../../shared/enums';"],
  ]);
});

describe('shared/ runs anywhere: it imports only shared/', () => {
  refuses(FOLDERS, /shared\/ runs anywhere/, [
    ['shared/ipc.ts', "import '../domain/rules/dates';"],
    ['shared/schemas/order.ts', "import '../../domain/order/money';"],
  ]);
  refuses(PACKAGES, /no Node built-ins/, [['shared/schemas/order.ts', "import { randomUUID } from 'node:crypto';"]]);
  allows([
    ['shared/schemas/order.ts', "import '../enums';"],
    ['shared/schemas/order.ts', "import { z } from 'zod';"],
  ]);
});

describe('domain/ imports no host', () => {
  refuses(FOLDERS, /domain\/ is hosted by the central and the counter alike/, [
    ['domain/service.ts', "import '../server/central';"],
    ['domain/store/orders.ts', "import '../../electron/core/counter';"],
    ['domain/service.ts', "import '../renderer/App';"],
  ]);
  refuses(FOLDERS, /domain\/'s tests import domain\/, shared\/ and the test helpers of server\/testing\//, [
    ['domain/service.test.ts', "import '../server/central';"],
    ['domain/order/money.property.test.ts', "import '../../electron/core/testing/central';"],
  ]);
  refuses(PACKAGES, /domain\/ .* imports no host/, [
    ['domain/service.ts', "import Fastify from 'fastify';"],
    ['domain/service.ts', "import { useState } from 'react';"],
  ]);
  refuses(PACKAGES, /Only electron\/main.ts and electron\/preload.ts import Electron/, [
    ['domain/service.ts', "import { app } from 'electron';"],
  ]);
  allows([
    ['domain/service.ts', "import '../shared/enums';"],
    ['domain/service.ts', "import { randomUUID } from 'node:crypto';"],
    ['domain/service.ts', "import './store/types';"],
    ['domain/service.test.ts', "import '../server/testing/harness';"],
  ]);
});

describe("the pure domain rules (the renderer's share of domain/) import only each other and shared/", () => {
  refuses(FOLDERS, /The pure domain rules run in the renderer too/, [
    ['domain/rules/dates.ts', "import '../store/orders';"],
    ['domain/order/money.ts', "import '../service';"],
    ['domain/catalog.ts', "import './fixtures';"],
    ['domain/rules/sub/deeper.ts', "import '../../store/orders';"],
  ]);
  refuses(PACKAGES, /no Node built-ins/, [['domain/order/settle.ts', "import { readFileSync } from 'node:fs';"]]);
  allows([
    ['domain/rules/dates.ts', "import '../catalog';"],
    ['domain/rules/dates.ts', "import '../order/money';"],
    ['domain/order/settle.ts', "import '../../shared/enums';"],
    ['domain/catalog.ts', "import './result';"],
    ['domain/catalog.ts', "import './rules/statuses';"],
  ]);
});

describe('only the backend folders import a database driver', () => {
  refuses(PACKAGES, /Only the backend folders .* import a database driver/, [
    ['server/central.ts', "import Database from 'better-sqlite3';"],
    ['server/central.ts', "import pg from 'pg';"],
    ['electron/core/sync/plan.ts', "import type { Database } from 'better-sqlite3';"],
    ['domain/store/store.ts', "import type { PoolClient } from 'pg';"],
    ['domain/service.ts', "import postgres from 'postgres';"],
  ]);
  allows([
    ['domain/store/sqlite/orders.ts', "import type { Database } from 'better-sqlite3';"],
    ['domain/store/postgres/orders.ts', "import pg from 'pg';"],
    ['electron/core/db/outbox.ts', "import type { Database } from 'better-sqlite3';"],
    ['server/restart.test.ts', "import Database from 'better-sqlite3';"],
    ['server/testing/postgres.ts', "import pg from 'pg';"],
    ['bench/servers/bare.ts', "import type { Database } from 'better-sqlite3';"],
  ]);
});

describe('only electron/main.ts and electron/preload.ts import electron', () => {
  refuses(PACKAGES, /Only electron\/main.ts and electron\/preload.ts import Electron/, [
    ['electron/core/counter.ts', "import { app } from 'electron';"],
    ['electron/shell/policy.ts', "import type { WebContents } from 'electron';"],
    ['electron/browserShell/server.ts', "import { ipcMain } from 'electron/main';"],
    ['server/app.ts', "import { app } from 'electron';"],
    ['electron/core/db/outbox.ts', "import { app } from 'electron';"],
  ]);
  allows([
    ['electron/main.ts', "import { app, BrowserWindow } from 'electron';"],
    ['electron/preload.ts', "import { contextBridge, ipcRenderer } from 'electron';"],
    ['electron/core/counter.ts', "import '../../domain/service';"],
  ]);
});

describe('every source file belongs to a layer', () => {
  it.each([
    'misc/x.ts',
    'misc/x.test.ts',
    'x.ts',
    'assets/x.js',
    'electron/x.ts',
    'electron/core/newarea/x.ts',
    'electron/core/newarea/x.test.ts',
    'domain/newfolder/x.ts',
    'docs/example.mjs',
  ])('%s is in no layer and fails', async (file) => {
    expect(await boundaryFindings(file, 'export {};')).toEqual([
      {
        rule: LAYER,
        message: `${file} is in no layer: every file belongs to a layer; add it to eslint.config.js's layers (docs/architecture.md §2).`,
      },
    ]);
  });
  it.each([
    'shared/enums.ts',
    'shared/testing/builders.ts',
    'domain/rules/dates.ts',
    'domain/catalog.ts',
    'domain/service.ts',
    'domain/store/sqlite/orders.ts',
    'domain/store/tsxThread.mjs',
    'domain/testing/seed.ts',
    'server/app.ts',
    'server/routes/orders.ts',
    'server/testing/harness.ts',
    'electron/main.ts',
    'electron/preload.test.ts',
    'electron/shell/policy.ts',
    'electron/browserShell/server.ts',
    'electron/browserShell/client/bridge.ts',
    'electron/core/counter.ts',
    ...[
      'session',
      'staff',
      'sale',
      'tokens',
      'payments',
      'returns',
      'terminal',
      'printing',
      'display',
      'audit',
      'settings',
      'sync',
      'manager',
      'orders',
      'catalog',
      'central',
      'db',
      'testing',
    ].map((area) => `electron/core/${area}/x.ts`),
    'renderer/App.tsx',
    'renderer/sale/SaleScreen.test.tsx',
    'e2e/sales.spec.ts',
    'bench/run.ts',
    'scripts/start.mjs',
    'scripts/testing/workerReuse/patch.d.mts',
    'eslint.config.js',
    'vite.config.ts',
    'stryker.config.mjs',
  ])('%s is in a layer', async (file) => {
    expect(await boundaryFindings(file, 'export {};')).toEqual([]);
  });
});

describe('server/ (the central) imports server/, domain/ and shared/, never electron/ or renderer/', () => {
  refuses(FOLDERS, /server\/ is the central: it imports server\/, domain\/ and shared\/, never electron\/ or renderer\//, [
    ['server/app.ts', "import '../electron/core/counter';"],
    ['server/routes/orders.ts', "import { App } from '../../renderer/App';"],
    ['server/app.ts', "import type { CounterCore } from '../electron/core/types';"],
    ['server/central.ts', "const shell = await import('../electron/browserShell/server');"],
    ['server/testing/harness.ts', "import '../../electron/core/testing/central';"],
    ['server/auth.test.ts', "import '../renderer/testing/fakeCounter';"],
  ]);
  allows([
    ['server/app.ts', "import '../domain/service';"],
    ['server/routes/orders.ts', "import '../../shared/schemas/order';"],
    ['server/routes/orders.ts', "import '../auth';"],
    ['server/auth.test.ts', "import './testing/harness';"],
    ['server/testing/harness.ts', "import '../../domain/testing/seed';"],
  ]);
});

describe('electron/main.ts, electron/preload.ts and the two shells', () => {
  refuses(FOLDERS, /electron\/main.ts wires the window to the core/, [
    ['electron/main.ts', "import '../renderer/App';"],
    ['electron/main.ts', "import './core/handlers';"],
  ]);
  refuses(FOLDERS, /electron\/preload.ts runs beside the page/, [
    ['electron/preload.ts', "import './core/counter';"],
    ['electron/preload.ts', "import './shell/policy';"],
  ]);
  refuses(FOLDERS, /electron\/shell\/ is the window's policy/, [['electron/shell/policy.ts', "import '../core/counter';"]]);
  refuses(FOLDERS, /electron\/shell\/'s tests import electron\/shell\/, shared\/ and server\/testing\//, [
    ['electron/shell/policy.test.ts', "import '../core/counter';"],
  ]);
  refuses(FOLDERS, /electron\/browserShell\/ stands in for electron\/main.ts in a browser/, [
    ['electron/browserShell/server.ts', "import '../../renderer/App';"],
    ['electron/browserShell/server.ts', "import '../core/dispatch';"],
  ]);
  refuses(FOLDERS, /electron\/browserShell\/'s tests import what it may, and server\/testing\//, [
    ['electron/browserShell/server.test.ts', "import '../../renderer/App';"],
  ]);
  refuses(FOLDERS, /electron\/browserShell\/client\/ runs in the page/, [
    ['electron/browserShell/client/counterBridge.ts', "import '../server';"],
  ]);
  refuses(PACKAGES, /no Node built-ins or Node-only packages/, [
    ['electron/browserShell/client/bridge.ts', "import { readFileSync } from 'node:fs';"],
  ]);
  allows([
    ['electron/main.ts', "import { createCounter } from './core/counter';"],
    ['electron/main.ts', "import './shell/policy';"],
    ['electron/preload.ts', "import { CHANNEL } from './shell/ipcNames';"],
    ['electron/shell/staticFiles.test.ts', "import '../../server/testing/fixtures';"],
    ['electron/browserShell/server.ts', "import '../shell/csp';"],
    ['electron/browserShell/server.ts', "const { createCounter } = await import('../core/counter');"],
    ['electron/browserShell/client/bridge.ts', "import './counterBridge';"],
    ['electron/browserShell/client/counterBridge.ts', "import type { CounterApi } from '../../../shared/ipc';"],
  ]);
});

describe('the harnesses (e2e/, bench/, scripts/, the config files) drive the hosts from outside', () => {
  refuses(FOLDERS, /e2e\/ drives the built app through a browser/, [['e2e/sales.spec.ts', "import '../renderer/App';"]]);
  refuses(FOLDERS, /bench\/ measures the hosts from outside/, [['bench/counter.ts', "import '../renderer/sale/pick';"]]);
  refuses(FOLDERS, /scripts\/ is the tooling/, [['scripts/start.mjs', "import '../server/central';"]]);
  refuses(FOLDERS, /The root's config files import only the tooling of scripts\//, [['vite.config.ts', "import './renderer/App';"]]);
  allows([
    ['e2e/support/counter.ts', "import '../../electron/core/testing/central';"],
    ['bench/touch.ts', "import '../e2e/support/counter';"],
    ['scripts/testing/mutate.ts', "import { mutationScores } from './mutationScores';"],
    ['vitest.mutation.config.ts', "import SmallFilesFirst from './scripts/testing/smallFilesFirst';"],
  ]);
});

describe('only tests, test helpers and the harnesses import a test or a test helper', () => {
  refuses(FOLDERS, /a test or test helper: only tests, test helpers and the harnesses/, [
    ['renderer/App.tsx', "import './testing/fakeCounter';"],
    ['domain/service.ts', "import './testing/seed';"],
    ['electron/core/counter.ts', "import './testing/clock';"],
    ['shared/ipc/index.ts', "import '../testing/builders';"],
    ['server/app.ts', "import { tempDir } from './testing/fixtures';"],
    ['server/app.ts', "import './auth.test';"],
  ]);
  allows([
    ['renderer/App.test.tsx', "import '../shared/testing/builders';"],
    ['electron/core/settings/retention.test.ts', "import '../../../shared/testing/builders';"],
    ['domain/testing/seed.ts', "import '../../server/testing/drafts';"],
  ]);
});

describe('imports that name their module in other forms are checked too', () => {
  refuses(FOLDERS, /renderer\/ reaches the main process only through the preload API/, [
    ['renderer/App.tsx', "const { createCounter } = await import('../electron/core/counter');"],
    ['renderer/App.tsx', 'const screen = await import(`../server/app`);'],
    ['renderer/App.tsx', "type Hooks = import('../electron/core/counter').CounterTestHooks;"],
    ['renderer/App.tsx', "import counter = require('../electron/core/counter');"],
  ]);
  refuses(PACKAGES, /no Node built-ins or Node-only packages/, [['renderer/App.tsx', "const fs = await import('node:fs');"]]);
  allows([['renderer/App.tsx', "const Manager = lazy(() => import('./manager/ManagerScreen'));"]]);
});
