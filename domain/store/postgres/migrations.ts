import { DAY_CLOSURES_SET_ASIDE } from '../dayClosures';

/**
 * The PostgreSQL backend's numbered migrations, in order; `schema_migrations` records which
 * have run. A released migration never changes: a change to the schema is a new entry at
 * the end. Time stamps are ISO-8601 text in the "C" collation, so they sort as the SQLite
 * backend's do and a cursor reads the same on both.
 */
export const PG_MIGRATIONS: readonly string[] = [
  // 1: orders, their lookup rows, the order number sequence, the reference data; the change
  // feed (docs/api.md §8): the change clock and the tombstones of deleted orders.
  `
  CREATE TABLE orders (
    order_id text COLLATE "C" PRIMARY KEY,
    touchpoint_id integer NOT NULL,
    external_order_id text COLLATE "C",
    order_number text COLLATE "C" NOT NULL UNIQUE,
    customer_profile_id integer NOT NULL,
    customer_fixed boolean NOT NULL,
    status_id integer NOT NULL,
    created_on text COLLATE "C" NOT NULL,
    last_updated_on text COLLATE "C" NOT NULL,
    version integer NOT NULL,
    doc text NOT NULL
  );
  CREATE UNIQUE INDEX orders_by_external_id ON orders (touchpoint_id, external_order_id) WHERE external_order_id IS NOT NULL;
  CREATE INDEX orders_by_created ON orders (created_on, order_id);
  CREATE INDEX orders_by_updated ON orders (last_updated_on, order_id);
  CREATE INDEX orders_by_customer ON orders (customer_profile_id);
  CREATE TABLE order_parts (
    part_id text COLLATE "C" PRIMARY KEY,
    kind text NOT NULL CHECK (kind IN ('line', 'payment')),
    order_id text COLLATE "C" NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE
  );
  CREATE INDEX order_parts_by_order ON order_parts (order_id);
  CREATE TABLE order_tokens (
    transit_token_id integer NOT NULL,
    order_id text COLLATE "C" NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
    PRIMARY KEY (transit_token_id, order_id)
  );
  CREATE INDEX order_tokens_by_order ON order_tokens (order_id);
  CREATE SEQUENCE order_number AS bigint;
  CREATE TABLE reference_data (
    id integer PRIMARY KEY CHECK (id = 1),
    doc text NOT NULL,
    source text NOT NULL,
    loaded_on text NOT NULL
  );
  CREATE TABLE change_clock (
    id integer PRIMARY KEY CHECK (id = 1),
    stamp bigint NOT NULL
  );
  INSERT INTO change_clock (id, stamp) VALUES (1, 0);
  CREATE TABLE deleted_orders (
    order_id text COLLATE "C" PRIMARY KEY,
    external_order_id text COLLATE "C",
    touchpoint_id integer NOT NULL,
    customer_profile_id integer NOT NULL,
    deleted_on text COLLATE "C" NOT NULL
  );
  CREATE INDEX deleted_orders_by_stamp ON deleted_orders (deleted_on, order_id);
  `,
  // 2: every list query read from an index range that stops at the page (domain/store/listing.ts),
  // as migration 3 of SQLite's order track: an external id alone; the current status, customer and touchpoint
  // each followed by both sort keys; the deletions a counter pulls for its touchpoint. The
  // customer index is replaced by its two.
  `
  CREATE INDEX orders_by_external_id_alone ON orders (external_order_id) WHERE external_order_id IS NOT NULL;
  CREATE INDEX orders_by_status_created ON orders (status_id, created_on, order_id);
  CREATE INDEX orders_by_status_updated ON orders (status_id, last_updated_on, order_id);
  DROP INDEX orders_by_customer;
  CREATE INDEX orders_by_customer_created ON orders (customer_profile_id, created_on, order_id);
  CREATE INDEX orders_by_customer_updated ON orders (customer_profile_id, last_updated_on, order_id);
  CREATE INDEX orders_by_touchpoint_created ON orders (touchpoint_id, created_on, order_id);
  CREATE INDEX orders_by_touchpoint_updated ON orders (touchpoint_id, last_updated_on, order_id);
  CREATE INDEX deleted_orders_by_touchpoint ON deleted_orders (touchpoint_id, deleted_on, order_id);
  CREATE INDEX deleted_orders_by_customer ON deleted_orders (customer_profile_id, deleted_on, order_id);
  `,
  // 3: the day closes counters send (issue 11), one per close id, listed per touchpoint by
  // business date (as migration 4 of SQLite's order track).
  `
  CREATE TABLE day_closures (
    close_id text COLLATE "C" PRIMARY KEY,
    touchpoint_id integer NOT NULL,
    device_id text NOT NULL,
    business_date text COLLATE "C" NOT NULL,
    closed_at text NOT NULL,
    received_on text NOT NULL,
    doc text NOT NULL
  );
  CREATE INDEX day_closures_by_touchpoint ON day_closures (touchpoint_id, business_date, close_id);
  `,
  // 4: a fleet of counters (docs/api.md §11.1, §11.2): enrolment codes (as their SHA-256), the
  // devices they enrolled and each device's last heartbeat (as migration 6 of SQLite’s order track).
  `
  CREATE TABLE enrolment_codes (
    code_hash text COLLATE "C" PRIMARY KEY,
    touchpoint_id integer NOT NULL,
    created_on text COLLATE "C" NOT NULL,
    expires_on text COLLATE "C" NOT NULL,
    claimed_on text COLLATE "C",
    device_id text COLLATE "C"
  );
  CREATE TABLE devices (
    device_id text COLLATE "C" PRIMARY KEY,
    touchpoint_id integer NOT NULL,
    enrolled_on text COLLATE "C" NOT NULL,
    revoked_on text COLLATE "C",
    reported_on text COLLATE "C",
    oldest_unsent_age_seconds integer,
    report text
  );
  CREATE INDEX devices_by_touchpoint ON devices (touchpoint_id, device_id);
  `,
  // 5: one close per touchpoint and business day, close ids in lower case, contradictory closes
  // set aside (as migration 6 of SQLite’s order track; docs/api.md §10.4).
  `
  ${DAY_CLOSURES_SET_ASIDE}
  CREATE UNIQUE INDEX day_closures_one_per_day ON day_closures (touchpoint_id, business_date);
  CREATE INDEX day_closures_by_date ON day_closures (business_date, close_id);
  `,
  // 6: returns by line (docs/api.md §7.1; as migration 7 of SQLite's order track): each stored
  // line without a returnedQuantity gets 0, in the stored text that lists answer as it is.
  `
  UPDATE orders SET doc = jsonb_set(
    doc::jsonb,
    '{orderLines}',
    (SELECT jsonb_agg(CASE WHEN l ? 'returnedQuantity' THEN l ELSE l || '{"returnedQuantity": 0}'::jsonb END ORDER BY n)
       FROM jsonb_array_elements(doc::jsonb -> 'orderLines') WITH ORDINALITY AS t (l, n))
  )::text
  WHERE jsonb_typeof(doc::jsonb -> 'orderLines') = 'array'
    AND EXISTS (SELECT 1 FROM jsonb_array_elements(doc::jsonb -> 'orderLines') AS l WHERE NOT l ? 'returnedQuantity');
  `,
  // 7: the central's own card data (docs/api.md §12; as migration 8 of SQLite's order track):
  // the cards it changed or issued, their events (the greatest seq is the cards' revision),
  // the first answer of each card write by its requestId, the fee order of each replacement.
  `
  CREATE TABLE card_tokens (
    transit_token_id integer PRIMARY KEY,
    doc text NOT NULL
  );
  CREATE TABLE card_events (
    seq bigserial PRIMARY KEY,
    transit_token_id integer NOT NULL,
    doc text NOT NULL
  );
  CREATE INDEX card_events_by_card ON card_events (transit_token_id, seq);
  CREATE TABLE card_requests (
    request_id text COLLATE "C" PRIMARY KEY,
    fingerprint text NOT NULL,
    status integer NOT NULL,
    body text NOT NULL
  );
  CREATE TABLE card_fees (
    order_id text COLLATE "C" PRIMARY KEY,
    request_id text COLLATE "C" NOT NULL
  );
  `,
];
