import { describe, expect, it } from 'vitest';
import { AREAS, FOLDERS, allows, boundaryFindings, refuses, type Case } from './testing/boundaryFindings';

/**
 * The counter's core (docs/architecture.md §2): what electron/core/, its storage (db/) and sync/
 * may import, and which of the core's areas may use which, each through its index.
 */

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
    // The lint's map is for its tests only.
    ['electron/core/db/outbox.ts', "import { coreTables } from '../../../scripts/lint/areas';"],
  ]);
  refuses(FOLDERS, /electron\/core\/db\/'s tests import db\/, domain\/, shared\/, the test helpers .* and the lint's map of the core/, [
    ['electron/core/db/outbox.test.ts', "import '../sync/engine';"],
    // Of the tooling, only the lint's map of the core's areas and tables.
    ['electron/core/db/tableOwners.test.ts', "import { housePlugin } from '../../../scripts/lint/house';"],
  ]);
  allows([
    ['electron/core/db/outbox.ts', "import './database';"],
    ['electron/core/db/database.ts', "import '../../../domain/store/sqlite/database';"],
    ['electron/core/db/outbox.ts', "import type { Order } from '../../../shared/schemas/order';"],
    ['electron/core/db/outbox.test.ts', "import '../../../server/testing/fixtures';"],
    ['electron/core/db/tableOwners.test.ts', "import { coreTables } from '../../../scripts/lint/areas';"],
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

describe("the core's areas use only the areas eslint.config.js's table lets them, and each through its index", () => {
  refuses(AREAS, /reaches inside the orders area: import it through its index/, [
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders/desk';"],
    ['electron/core/terminal/nexo/driver.ts', "import { orderDesk } from '../../orders/desk';"],
    ['electron/core/counter.ts', "import { ordersArea } from './orders/area';"],
    ['electron/core/manager/days.ts', "export { DayClosed } from '../orders/desk';"],
  ]);
  refuses(AREAS, /the cash area may not use the manager area/, [
    ['electron/core/cash/drawer.ts', "import type { DrawerDays } from '../manager';"],
    ['electron/core/cash/drawer.ts', "import { pushDayClosures } from '../manager/dayCloseSync';"],
  ]);
  refuses(AREAS, /the terminal area may not use the manager area/, [['electron/core/terminal/dayClose.ts', "import '../manager';"]]);
  // The sale reads the review's pages through the orders area, no longer through the manager's.
  refuses(AREAS, /the sale area may not use the manager area/, [
    ['electron/core/sale/handlers.ts', "import { ordersPage } from '../manager';"],
  ]);
  refuses(AREAS, /the devices area may not use the printing area/, [['electron/core/devices/devices.ts', "import '../printing';"]]);
  refuses(AREAS, /an area does not import electron\/core\/counter, the composition of the areas/, [
    ['electron/core/settings/settings.ts', "import type { CounterOptions } from '../counter';"],
  ]);
  allows([
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders';"],
    ['electron/core/payments/handlers.ts', "import type { OrderDesk } from '../orders/index';"],
    ['electron/core/terminal/nexo/driver.ts', "import type { OrderDesk } from '../../orders';"],
    ['electron/core/manager/days.ts', "import { appendJournal } from '../cash';"],
    ['electron/core/sale/handlers.ts', "import { ordersPage, searchByText } from '../orders';"],
    ['electron/core/fleet/updates.ts', "import { paymentsAwaitingAnswer } from '../orders';"],
    ['electron/core/counter.ts', "import { ordersArea } from './orders';"],
    // Inside its own area, and the storage under every area, anything.
    ['electron/core/terminal/area.ts', "import { NexoDriver } from './nexo/driver';"],
    ['electron/core/cash/drawer.ts', "import '../db/settings';"],
    // Tests and test helpers reach into any area.
    ['electron/core/cash/drawer.test.ts', "import { DrawerDays } from '../manager/days';"],
    ['electron/core/testing/counter.ts', "import '../orders/desk';"],
  ]);
});
