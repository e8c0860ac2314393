import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, checked on snippets linted as if they were files at
 * the given paths (the files need not exist). Each place is tried with an import it must refuse
 * and one it must let through, so a block that silently stopped applying fails a test.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const PACKAGES = 'no-restricted-imports';
const FOLDERS = '@typescript-eslint/no-restricted-imports';
const boundaryRules = [PACKAGES, FOLDERS];

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
