import type { HandlersOf, StaffMember } from '../../../shared/ipc';
import type { cashChannels } from '../../../shared/ipc/cash';
import { ok } from '../../../shared/refusals';
import type { CashDrawer } from './drawer';

export interface CashDeps {
  drawer: CashDrawer;
  who: () => StaffMember | null;
  /** Opens the cash drawer (the receipt printer's kick); wired by the shell, a recorder in tests. */
  openDrawer: (reason: string) => Promise<unknown>;
}

/** The drawer's channels (docs/api.md §10.2): sessions, paid in and out, safe drop, no sale. */
export function cashHandlers({ drawer, who, openDrawer }: CashDeps): HandlersOf<typeof cashChannels> {
  // The gate let only a logged-in manager through.
  const actor = () => {
    const w = who()!;
    return { staffId: w.staffId, name: w.name };
  };
  return {
    'cash.today': async () => ok(drawer.today()),
    'cash.drawer': async () => ok(drawer.view()),
    'cash.openSession': async ({ float }) => drawer.openSession(float, actor()),
    'cash.closeSession': async ({ counted, note }) => drawer.closeSession(counted, note, actor()),
    'cash.move': async ({ kind, amount, reason }) => drawer.move(kind, amount, reason, actor()),
    'cash.noSale': ({ reason }) => drawer.noSale(reason, actor(), openDrawer),
  };
}
