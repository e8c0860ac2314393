import type { ReactNode } from 'react';

/**
 * A control's words as the screen shows them, then, for a screen reader only, what tells it
 * apart from its like ("Remove" + "Dagkaart volwassene"): its accessible name starts with what
 * is seen (WCAG 2.5.3, label in name; docs/counter.md §12.2), so a person using voice control
 * says what they see. Used instead of an `aria-label` that would say something else.
 */
export function SeenFirst({ seen, more }: { seen: ReactNode; more: string }) {
  return (
    <>
      {seen} <span className="sr-only">{more}</span>
    </>
  );
}
