import type { Order } from '../../../shared/schemas/order';

/**
 * What the crash child (counterChild.ts) said it did, life after life, and what the counter's
 * database must therefore hold. A change is `confirmed` once its dispatch answered ok; the
 * one change a life was in the middle of when it was killed (`begin` without `confirmed`)
 * may or may not have been committed, so both are allowed, and nothing else.
 */

export type Op =
  | { kind: 'create'; lines: string[] | null }
  | { kind: 'line+'; line: string | null }
  | { kind: 'line-'; line: string }
  | { kind: 'lang'; languageId: number }
  | { kind: 'pay'; payment: string | null; amount: number }
  | { kind: 'deliver' }
  | { kind: 'cancel' }
  | { kind: 'delete' };

export interface Step {
  life: number;
  /** Null for a create whose order id was never printed. */
  orderId: string | null;
  op: Op;
  confirmed: boolean;
}

/** `<what> <args>` of a begin or confirmed line. */
function parseOp(words: string[], confirmed: boolean): Op {
  const [kind, a, b] = words;
  switch (kind) {
    case 'create':
      return { kind, lines: confirmed ? a!.split(',') : null };
    case 'line+':
      return { kind, line: confirmed ? a! : null };
    case 'line-':
      return { kind, line: a! };
    case 'lang':
      return { kind, languageId: Number(a) };
    case 'pay':
      return confirmed ? { kind, payment: a!, amount: Number(b) } : { kind, payment: null, amount: Number(a) };
    case 'deliver':
    case 'cancel':
    case 'delete':
      return { kind };
    default:
      throw new Error(`the child printed an unknown change: ${words.join(' ')}`);
  }
}

/** The steps of all lives, in the order they happened. */
export function parseLives(lives: string[][]): Step[] {
  const steps: Step[] = [];
  lives.forEach((lines, life) => {
    let begun: Step | null = null;
    for (const line of lines) {
      const [tag, id, ...rest] = line.split(' ');
      if (tag === 'begin') {
        if (begun) throw new Error(`life ${life}: a change began before the previous one was confirmed: ${line}`);
        begun = { life, orderId: id === 'new' ? null : id!, op: parseOp(rest, false), confirmed: false };
      } else if (tag === 'confirmed') {
        if (!begun) throw new Error(`life ${life}: confirmed without begin: ${line}`);
        steps.push({ life, orderId: id!, op: parseOp(rest, true), confirmed: true });
        begun = null;
      }
    }
    if (begun) steps.push(begun);
  });
  return steps;
}

interface State {
  exists: boolean;
  /** The lines it was created with are unknown (a create cut off before it was confirmed). */
  baseUnknown: boolean;
  /** Line ids; '?' for a line added by a change cut off before its id was printed. */
  lines: string[];
  /** Lines removed by a change: never there again. */
  removed: string[];
  payments: { id: string; amount: number }[];
  status: number;
  languageId: number;
}

function apply(state: State, op: Op): State {
  const s: State = { ...state, lines: [...state.lines], removed: [...state.removed], payments: [...state.payments] };
  switch (op.kind) {
    case 'create':
      return { exists: true, baseUnknown: op.lines === null, lines: op.lines ?? [], removed: [], payments: [], status: 1, languageId: 1 };
    case 'line+':
      s.lines.push(op.line ?? '?');
      return s;
    case 'line-':
      s.lines = s.lines.filter((l) => l !== op.line);
      s.removed.push(op.line);
      return s;
    case 'lang':
      s.languageId = op.languageId;
      return s;
    case 'pay':
      s.payments.push({ id: op.payment ?? '?', amount: op.amount });
      s.status = 4;
      return s;
    case 'deliver':
      s.status = 5;
      return s;
    case 'cancel':
      s.status = 6;
      return s;
    case 'delete':
      s.exists = false;
      return s;
  }
}

/** Whether the database's copy (or its absence) is what this state says. */
function matches(state: State, order: Order | undefined): string | null {
  if (!state.exists) return order ? 'it should be deleted' : null;
  if (!order) return 'it is missing';
  const status = order.order_OrderStatuses[0]!.orderStatus.orderStatusId;
  if (status !== state.status) return `its status is ${status}, not ${state.status}`;
  if (order.language.languageId !== state.languageId) return `its language is ${order.language.languageId}, not ${state.languageId}`;
  const have = order.orderLines.map((l) => l.orderLineId);
  const known = state.lines.filter((l) => l !== '?');
  const missingLines = known.filter((l) => !have.includes(l));
  if (missingLines.length > 0) return `lines ${missingLines.join(',')} are missing`;
  const back = state.removed.filter((l) => have.includes(l));
  if (back.length > 0) return `removed lines ${back.join(',')} are there`;
  const extra = have.filter((l) => !known.includes(l));
  const unknownAdded = state.lines.length - known.length;
  if (!state.baseUnknown && extra.length !== unknownAdded)
    return `it has ${extra.length} lines no change accounts for (expected ${unknownAdded})`;
  if (state.baseUnknown && extra.length < unknownAdded) return `it lacks ${unknownAdded - extra.length} added lines`;
  const payments = order.payments.map((p) => ({ id: p.paymentId, amount: p.amountDebit, status: p.paymentStatuses[0]!.statusCode }));
  if (payments.length !== state.payments.length) return `it has ${payments.length} payments, not ${state.payments.length}`;
  for (const p of state.payments) {
    const found = p.id === '?' ? payments.find((q) => !state.payments.some((s) => s.id === q.id)) : payments.find((q) => q.id === p.id);
    if (!found) return `payment ${p.id} is missing`;
    if (found.amount !== p.amount || found.status !== 'SETTLED')
      return `payment ${p.id} is ${found.amount} ${found.status}, not ${p.amount} SETTLED`;
  }
  return null;
}

export interface Verdict {
  /** Orders whose database copy no mix of cut-off changes explains, with why. */
  wrong: string[];
  /** Orders in the database that no create (confirmed or cut off) accounts for. */
  unexplained: string[];
  confirmedChanges: number;
  cutOff: number;
  orders: number;
}

/**
 * Checks the database's orders against the steps: for each order, some choice of its
 * cut-off changes (each committed or not) must give exactly what the database holds.
 */
export function judge(steps: Step[], database: Map<string, Order>): Verdict {
  const byOrder = new Map<string, Step[]>();
  for (const step of steps) {
    if (!step.orderId) continue;
    byOrder.set(step.orderId, [...(byOrder.get(step.orderId) ?? []), step]);
  }
  const wrong: string[] = [];
  let unknownCreates = 0;
  for (const [orderId, own] of byOrder) {
    const cut = own.filter((s) => !s.confirmed);
    if (cut.length > 10) throw new Error(`${orderId}: too many cut-off changes to try every mix`);
    const created = own.some((s) => s.op.kind === 'create');
    // Changes to an order whose create was cut off: it came from a create that did commit.
    if (!created) unknownCreates++;
    const start: State = created
      ? { exists: false, baseUnknown: false, lines: [], removed: [], payments: [], status: 0, languageId: 0 }
      : { exists: true, baseUnknown: true, lines: [], removed: [], payments: [], status: 1, languageId: 1 };
    const reasons: string[] = [];
    let explained = false;
    for (let mask = 0; mask < 2 ** cut.length && !explained; mask++) {
      let state = start;
      for (const step of own) {
        const i = cut.indexOf(step);
        if (i >= 0 && !(mask & (1 << i))) continue;
        state = apply(state, step.op);
      }
      const why = matches(state, database.get(orderId));
      if (why === null) explained = true;
      else reasons.push(why);
    }
    if (!explained) wrong.push(`${orderId}: ${[...new Set(reasons)].join(' / ')}`);
  }
  const cutCreates = steps.filter((s) => !s.confirmed && s.op.kind === 'create').length;
  const unexplained = [...database.keys()].filter((id) => !byOrder.has(id));
  // Each cut-off create may have committed one order nobody heard of: no more than that.
  const allowed = cutCreates - unknownCreates;
  return {
    wrong,
    unexplained: unexplained.length > allowed ? unexplained : [],
    confirmedChanges: steps.filter((s) => s.confirmed).length,
    cutOff: steps.filter((s) => !s.confirmed).length,
    orders: database.size,
  };
}
