import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of eslint.config.js and their import boundaries (docs/architecture.md §2), checked on
 * snippets linted as if they were files at the given paths (the files need not exist). Each place
 * is tried with an import it must refuse and one it must let through, so a block that silently
 * stopped applying fails a test; a file that no layer holds must fail too.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = 'house/packages';
const FOLDERS = 'house/folders';
const LAYER = 'house/layer';
const AREAS = 'house/areas';
const boundaryRules = [PACKAGES, FOLDERS, LAYER, AREAS];

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The boundary messages for one line of code at `file`; fails on a parse error or an ignored file. */
async function boundaryFindings(file: string, code: string): Promise<{ rule: string; message: string }[]> {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: file });
  expect(result!.messages.filter((m) => m.ruleId === null)).toEqual([]);
  return result!.messages.filter((m) => boundaryRules.includes(m.ruleId!)).map((m) => ({ rule: m.ruleId!, message: m.message }));
}

type Case = [file: string, code: string];
const refuses = (rule: string, saying: RegExp, cases: Case[]) =>
  it.each(cases)('%s: %s is refused', async (file, code) => {
    const findings = await boundaryFindings(file, code);
    expect(findings).toEqual([{ rule, message: expect.stringMatching(saying) }]);
  });
const allows = (cases: Case[]) =>
  it.each(cases)('%s: %s is allowed', async (file, code) => {
    expect(await boundaryFindings(file, code)).toEqual([]);
  });

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

describe("electron/core/ (the counter's core) never imports renderer/, electron/shell/ or electron/browserShell/", () => {
  refuses(FOLDERS, /electron\/core\/ is the counter's main-process core/, [
    ['electron/core/handlers.ts', "import '../../renderer/App';"],
    ['electron/core/sale/handlers.ts', "import '../../shell/policy';"],
    ['electron/core/counter.ts', "import '../browserShell/server';"],
    ['electron/core/tokens/mail.ts', "export * from '../../main';"],
    // Only counter.ts starts an embedded central.
    ['electron/core/dispatch.ts', "import '../../server/central';"],
    ['electron/core/manager/days.ts', "import type { Central } from '../../../server/central';"],
  ]);
  refuses(FOLDERS, /electron\/core\/'s tests import electron\/core\/, domain\/, shared\/, server\/ \(a real central\) and devtools\//, [
    ['electron/core/settings/retention.test.ts', "import '../../../renderer/testing/fakeCounter';"],
    ['electron/core/testing/world.ts', "import '../../shell/policy';"],
  ]);
  allows([
    ['electron/core/central/area.ts', "const { startCentral } = await import('../../../server/central');"],
    ['electron/core/counter.ts', "import { syncArea } from './sync';"],
    ['electron/core/manager/days.ts', "import '../db/database';"],
    ['electron/core/orders/localOrders.ts', "import '../../../domain/store/sqlite/store';"],
    ['electron/core/sync/engine.test.ts', "import '../../../server/central';"],
    ['electron/core/testing/world.ts', "import '../../../server/testing/fixtures';"],
  ]);
});

describe("electron/core/db/ (the counter's storage) never imports a feature area", () => {
  const features = ['session', 'sale', 'tokens', 'payments', 'settings', 'sync', 'manager', 'orders', 'catalog', 'central'];
  refuses(FOLDERS, /electron\/core\/db\/ is the counter's storage: it imports db\/, domain\/ and shared\//, [
    ['electron/core/db/outbox.ts', "import { SyncEngine } from '../sync/engine';"],
    ['electron/core/db/database.ts', "import '../counter';"],
    ['electron/core/db/syncOrders.ts', "import type { OrderDesk } from '../orders/desk';"],
    ...features.map((area): Case => ['electron/core/db/settings.ts', `import '../${area}/x';`]),
  ]);
  refuses(FOLDERS, /electron\/core\/db\/'s tests import db\/, domain\/, shared\/ and the test helpers/, [
    ['electron/core/db/outbox.test.ts', "import '../sync/engine';"],
  ]);
  allows([
    ['electron/core/db/outbox.ts', "import './database';"],
    ['electron/core/db/database.ts', "import '../../../domain/store/sqlite/database';"],
    ['electron/core/db/outbox.ts', "import type { Order } from '../../../shared/schemas/order';"],
    ['electron/core/db/outbox.test.ts', "import '../../../server/testing/fixtures';"],
  ]);
});

describe('electron/core/sync/ reaches local orders only through the orders area', () => {
  refuses(FOLDERS, /electron\/core\/sync\/ reaches local orders only through the orders area/, [
    ['electron/core/sync/push.ts', "import '../../../domain/store/sqlite/orders';"],
    ['electron/core/sync/pull.ts', "import { sqliteStore } from '../../../domain/store/sqlite/store';"],
    ['electron/core/sync/pull.ts', "import type { Database } from '../../../domain/store/sqlite/database';"],
    ['electron/core/sync/engine.ts', "import type { OrderStore } from '../../../domain/store/types';"],
  ]);
  // Inside another area, or an area its table does not list: both the layer and the areas refuse it.
  it.each([
    ['electron/core/sync/pull.ts', "import '../orders/facts';"],
    ['electron/core/sync/pull.ts', "import { localOrderStore } from '../orders/localOrders';"],
    ['electron/core/sync/engine.ts', "import '../manager/days';"],
    ['electron/core/sync/engine.ts', "import '../settings';"],
  ])('%s: %s is refused', async (file, code) => {
    const findings = await boundaryFindings(file, code);
    expect(findings.map((f) => f.rule).sort()).toEqual([AREAS, FOLDERS]);
  });
  allows([
    ['electron/core/sync/pull.ts', "import { takeInCentralCopy } from '../orders';"],
    ['electron/core/sync/handlers.ts', "import type { OrderDesk } from '../orders';"],
    ['electron/core/sync/engine.ts', "import '../db/outbox';"],
    ['electron/core/sync/engine.ts', "import type { CentralClient } from '../central';"],
    ['electron/core/sync/engine.ts', "import { pushDayClosures } from '../manager';"],
    ['electron/core/sync/push.ts', "import '../../../domain/order/money';"],
    ['electron/core/sync/push.ts', "import { owns } from '../../../domain/service';"],
    // Its tests may look at what the backend stored.
    ['electron/core/sync/pull.test.ts', "import '../../../domain/store/sqlite/store';"],
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

describe("the core's areas use only the areas eslint.config.js's table lets them, and each through its index", () => {
  refuses(AREAS, /reaches inside the orders area: import it through its index/, [
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders/desk';"],
    ['electron/core/terminal/nexo/driver.ts', "import { orderDesk } from '../../orders/desk';"],
    ['electron/core/counter.ts', "import { ordersArea } from './orders/area';"],
    ['electron/core/manager/days.ts', "export { DayClosed } from '../orders/desk';"],
  ]);
  refuses(AREAS, /the cash area may not use the manager area/, [
    ['electron/core/cash/drawer.ts', "import type { DrawerDays } from '../manager';"],
    ['electron/core/cash/drawer.ts', "import { movementsIn } from '../manager/queries';"],
  ]);
  refuses(AREAS, /the terminal area may not use the manager area/, [['electron/core/terminal/dayClose.ts', "import '../manager';"]]);
  refuses(AREAS, /the devices area may not use the printing area/, [['electron/core/devices/devices.ts', "import '../printing';"]]);
  refuses(AREAS, /an area does not import electron\/core\/counter, the composition of the areas/, [
    ['electron/core/settings/settings.ts', "import type { CounterOptions } from '../counter';"],
  ]);
  allows([
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders';"],
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders/index';"],
    ['electron/core/terminal/nexo/driver.ts', "import type { OrderDesk } from '../../orders';"],
    ['electron/core/manager/days.ts', "import { appendJournal } from '../cash';"],
    ['electron/core/counter.ts', "import { ordersArea } from './orders';"],
    // Inside its own area, and the storage under every area, anything.
    ['electron/core/terminal/area.ts', "import { NexoDriver } from './nexo/driver';"],
    ['electron/core/cash/drawer.ts', "import '../db/settings';"],
    // Tests and test helpers reach into any area.
    ['electron/core/cash/drawer.test.ts', "import { DrawerDays } from '../manager/days';"],
    ['electron/core/testing/counter.ts', "import '../orders/desk';"],
  ]);
});
