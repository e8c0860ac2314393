/**
 * Where a long screen's ActionBar (ActionBar.tsx) is drawn: the last thing in `main`, stuck to
 * the window's foot. Apart from the bar itself, which only on-demand screens use (renderer/areas.ts).
 */
export const ACTION_BAR_SLOT_ID = 'action-bar';

export function ActionBarSlot() {
  return <div id={ACTION_BAR_SLOT_ID} className="action-bar-slot" />;
}
