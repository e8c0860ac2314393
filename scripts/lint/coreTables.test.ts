import { describe } from 'vitest';
import { TABLES, allows, refuses } from './testing/boundaryFindings';

/**
 * The core's tables (docs/architecture.md §2): only the owner named in eslint.config.js's
 * coreTables names a table in SQL; another area reads and writes it through the owner's index.
 */

describe("a table is named in SQL only by the area that owns it (eslint.config.js's coreTables)", () => {
  refuses(TABLES, /^order_facts is a table of orders\/ .*: manager\/ uses it only through what orders\/ offers/, [
    ['electron/core/manager/review.ts', "const sql = 'SELECT order_id FROM order_facts WHERE created_on = ?';"],
    [
      'electron/core/manager/review.ts',
      'const sql = `WITH day AS (SELECT ? AS d) SELECT f.order_id FROM day JOIN order_facts f ON f.created_on = day.d`;',
    ],
    ['electron/core/manager/review.ts', "db.prepare('UPDATE order_facts SET sync_state = ? WHERE order_id = ?');"],
    ['electron/core/manager/review.ts', 'const sql = `DELETE FROM order_facts WHERE order_id IN (${marks})`;'],
  ]);
  refuses(TABLES, /^drawer_days is a table of manager\/ .*: cash\/ uses it only through what manager\/ offers/, [
    ['electron/core/cash/drawer.ts', "db.prepare('INSERT INTO drawer_days (business_date) VALUES (?)');"],
  ]);
  // The storage's tables are open to read (db/ is open to every area); only db/'s modules write them.
  refuses(TABLES, /^sync_orders is a table of db\/ .*: fleet\/ reads it, and writes it only through what db\/ offers/, [
    ['electron/core/fleet/bundle.ts', "db.prepare('DELETE FROM sync_orders WHERE order_id = ?');"],
    ['electron/core/fleet/bundle.ts', "db.prepare('UPDATE sync_orders SET state = ? WHERE order_id = ?');"],
    ['electron/core/fleet/bundle.ts', 'const sql = `SELECT order_id FROM sync_orders; INSERT INTO sync_orders (order_id) VALUES (?)`;'],
  ]);
  refuses(TABLES, /^settings is a table of db\/ .*: orders\/ reads it, and writes it only through what db\/ offers/, [
    ['electron/core/orders/facts.ts', 'db.prepare("INSERT INTO settings (key, value) VALUES (?, \'true\')");'],
  ]);
  refuses(TABLES, /^parked_sales is a table of sale\/ .*: the composition uses it only through what sale\/ offers/, [
    ['electron/core/counter.ts', "db.prepare('SELECT order_id FROM parked_sales');"],
  ]);
  refuses(TABLES, /^orders is a table of orders\/ .*: db\/ uses it only/, [
    ['electron/core/db/outbox.ts', "db.prepare('SELECT doc FROM orders WHERE order_id = ?');"],
  ]);
  // A named exception (eslint.config.js's tableExceptions) lets its file name those tables only.
  refuses(TABLES, /^money_facts is a table of orders\/ .*: db\/ uses it only/, [
    ['electron/core/db/syncState.ts', "db.prepare('SELECT amount FROM money_facts WHERE order_id = ?');"],
  ]);
  allows([
    ['electron/core/db/syncState.ts', "db.prepare('UPDATE order_facts SET sync_state = ? WHERE order_id = ?');"],
    // The owner's own SQL, in any of its files.
    ['electron/core/orders/facts.ts', "db.prepare('SELECT order_id FROM order_facts WHERE created_on = ?');"],
    ['electron/core/manager/days.ts', 'const sql = `INSERT INTO drawer_days (business_date) VALUES (?)`;'],
    ['electron/core/db/outbox.ts', "db.prepare('SELECT MIN(created_at) FROM outbox JOIN sync_orders USING (order_id)');"],
    ['electron/core/fleet/bundle.ts', "db.prepare('SELECT state, COUNT(*) AS n FROM sync_orders GROUP BY state');"],
    ['electron/core/manager/review.ts', 'const sql = `SELECT s.order_id FROM outbox x JOIN sync_orders s USING (order_id)`;'],
    // Another area's table named in prose, lower case, is no SQL.
    ['electron/core/manager/review.ts', "const why = 'read from order_facts, into the page';"],
    // Names no owner holds: a function's rows, a common table expression.
    ['electron/core/manager/review.ts', "db.prepare('WITH picked AS (SELECT 1) SELECT value FROM json_each(?) JOIN picked');"],
    // The schema names every table; tests and test helpers read any to check what was stored.
    ['electron/core/db/migrations.ts', "const sql = 'CREATE TABLE drawer_days (business_date TEXT); INSERT INTO order_facts SELECT 1';"],
    ['electron/core/db/cashSchema.ts', "const sql = 'ALTER TABLE drawer_days ADD COLUMN journal_head TEXT';"],
    ['electron/core/manager/days.test.ts', "db.prepare('SELECT * FROM money_journal');"],
    ['electron/core/testing/managerFacts.ts', "db.prepare('INSERT INTO money_facts (payment_id) VALUES (?)');"],
    // Outside the counter's core the rule does not apply (the central keeps its own tables).
    ['server/orders.ts', "db.prepare('SELECT * FROM order_facts');"],
  ]);
});
