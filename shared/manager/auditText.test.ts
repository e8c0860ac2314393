import { describe, expect, it } from 'vitest';
import { auditAct, type AuditSay } from './auditText';
import type { AuditEntry } from './types';

const say: AuditSay = {
  money: (cents) => `€${(cents / 100).toFixed(2)}`,
  method: (id) => (id === 1 ? 'Contant' : `#${id}`),
  date: (d) => d,
};
const entry = (e: Partial<AuditEntry>): Pick<AuditEntry, 'action' | 'outcome' | 'detail'> => ({
  action: 'payments.refund',
  outcome: 'done',
  detail: null,
  ...e,
});

describe('the audit trail in words', () => {
  it('says a call that was done with its declaration’s sentence and values, in either language', () => {
    const refund = entry({ detail: { values: { amount: { money: 340 }, method: { method: 1 } }, note: 'late train' } });
    expect(auditAct(refund, 'en', say)).toBe('Refund of €3.40 (Contant)');
    expect(auditAct(refund, 'nl', say)).toBe('Terugbetaling van €3.40 (Contant)');
    const exported = entry({
      action: 'reports.export',
      detail: { values: { report: { en: 'the summary', nl: 'het overzicht' }, format: { text: 'PDF' } } },
    });
    expect(auditAct(exported, 'nl', say)).toBe('het overzicht geëxporteerd als PDF');
    expect(auditAct(entry({ action: 'manager.cancelStale', detail: { values: { count: { count: 3 } } } }), 'en', say)).toBe(
      '3 open orders of earlier days cancelled',
    );
  });

  it('names the act alone when refused, when a value is missing, or for a call without a sentence; never a placeholder', () => {
    expect(auditAct(entry({ outcome: 'refused', detail: { refused: 'session.managerOnly' } }), 'en', say)).toBe('Refund');
    expect(auditAct(entry({ detail: { values: { amount: { money: 340 } } } }), 'nl', say)).toBe('Terugbetaling');
    expect(auditAct(entry({ action: 'orders.cancel' }), 'nl', say)).toBe('Bestelling geannuleerd');
    expect(auditAct(entry({ action: 'manager.orders', outcome: 'refused' }), 'en', say)).toBe('Order review');
  });

  it('says an act of no known channel as an act at the counter, never its name', () => {
    expect(auditAct(entry({ action: 'orders.drop' }), 'en', say)).toBe('An act at the counter');
    expect(auditAct(entry({ action: 'constructor' }), 'nl', say)).toBe('Handeling aan de balie');
  });
});
