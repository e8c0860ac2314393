/**
 * Makes seed rows by copying one stored order. Working on the stored JSON text (not on a
 * parsed Order) keeps the seeder independent of the doc's shape, so the same code seeds
 * the central (whose docs the service must read back) and the bare baseline.
 */

export interface TemplateRow {
  order_id: string;
  order_number: string;
  created_on: string;
  last_updated_on: string;
  doc: string;
}

export interface Fresh {
  orderId: string;
  orderNumber: string;
  createdOn: string;
  /** New ids for the template's order_parts rows (lines, payments), same order. */
  partIds: string[];
}

/**
 * The template row with its identity replaced everywhere in the doc: order id, number,
 * time stamps, part ids. Values are replaced with their quotes so that, for example, an
 * order number cannot match inside a longer number.
 */
export function cloneRow(template: TemplateRow, partIds: string[], fresh: Fresh): TemplateRow {
  const swaps: [string, string][] = [
    [template.order_id, fresh.orderId],
    [template.order_number, fresh.orderNumber],
    [template.created_on, fresh.createdOn],
    [template.last_updated_on, fresh.createdOn],
    ...partIds.map((id, i): [string, string] => [id, fresh.partIds[i]!]),
  ];
  let doc = template.doc;
  for (const [from, to] of swaps) doc = doc.replaceAll(JSON.stringify(from), JSON.stringify(to));
  return {
    order_id: fresh.orderId,
    order_number: fresh.orderNumber,
    created_on: fresh.createdOn,
    last_updated_on: fresh.createdOn,
    doc,
  };
}
