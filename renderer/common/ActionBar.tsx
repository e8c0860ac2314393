import { useLayoutEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ACTION_BAR_SLOT_ID } from './ActionBarSlot';

/**
 * A long screen's primary actions (Open the drawer, Close the day, Save settings) in a bar at
 * the foot of the window that stays in view however far the screen is scrolled (docs/counter.md
 * §12.1). The bar is drawn in the workspace's slot under `main`, outside the form it acts for:
 * (ActionBarSlot.tsx); its submit buttons name their form (`form="…"`). Without a slot (a piece drawn alone) the
 * actions stay where they are.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => setSlot(document.getElementById(ACTION_BAR_SLOT_ID)), []);
  const bar = <div className="row action-bar">{children}</div>;
  return slot ? createPortal(bar, slot) : bar;
}
