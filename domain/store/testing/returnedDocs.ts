/**
 * Stored orders from before returns by line, and what the migration makes of them on both
 * backends (docs/api.md §7.1): each line gets `returnedQuantity: 0` after its other fields; an
 * order without lines, and a line that has one, stay as they were.
 */
export const DOCS_BEFORE_RETURNS: Record<string, string> = {
  'a-two-lines': JSON.stringify({
    orderId: 'a',
    orderLines: [
      { orderLineId: 'l1', quantity: 2 },
      { orderLineId: 'l2', quantity: 1 },
    ],
  }),
  'b-no-lines': JSON.stringify({ orderId: 'b', orderLines: [] }),
  'c-not-an-order': '{}',
  'd-already': JSON.stringify({ orderId: 'd', orderLines: [{ orderLineId: 'l3', quantity: 3, returnedQuantity: 1 }] }),
};

/** The documents as parsed after the migration (PostgreSQL may space its JSON text otherwise). */
export const PARSED_AFTER_RETURNS: Record<string, unknown> = {
  'a-two-lines': {
    orderId: 'a',
    orderLines: [
      { orderLineId: 'l1', quantity: 2, returnedQuantity: 0 },
      { orderLineId: 'l2', quantity: 1, returnedQuantity: 0 },
    ],
  },
  'b-no-lines': { orderId: 'b', orderLines: [] },
  'c-not-an-order': {},
  'd-already': { orderId: 'd', orderLines: [{ orderLineId: 'l3', quantity: 3, returnedQuantity: 1 }] },
};

/** SQLite keeps the text as JSON.stringify writes it: the new field last on each line. */
export const DOCS_AFTER_RETURNS: Record<string, string> = {
  'a-two-lines':
    '{"orderId":"a","orderLines":[{"orderLineId":"l1","quantity":2,"returnedQuantity":0},{"orderLineId":"l2","quantity":1,"returnedQuantity":0}]}',
  'b-no-lines': DOCS_BEFORE_RETURNS['b-no-lines']!,
  'c-not-an-order': '{}',
  'd-already': DOCS_BEFORE_RETURNS['d-already']!,
};
