/**
 * Which screen the customer display opens on (docs/api.md §9.4, docs/counter.md §16): a
 * screen other than the clerk's (the primary one). A laptop's own panel faces the clerk, so an
 * external screen is preferred to a built-in one; among equals the leftmost, then the
 * topmost, so the choice does not depend on the order the OS lists them in. One screen: none.
 */

/** The part of Electron's `Display` the choice reads. */
export interface ScreenInfo {
  id: number;
  bounds: { x: number; y: number; width: number; height: number };
  /** A built-in panel (Electron's `Display.internal`); absent where the OS does not tell. */
  internal?: boolean;
}

export function customerScreen<S extends ScreenInfo>(displays: readonly S[], primaryId: number): S | null {
  const others = displays.filter((d) => d.id !== primaryId && d.bounds.width > 0 && d.bounds.height > 0);
  const rank = (d: ScreenInfo) => (d.internal === true ? 1 : 0);
  const sorted = [...others].sort((a, b) => rank(a) - rank(b) || a.bounds.x - b.bounds.x || a.bounds.y - b.bounds.y || a.id - b.id);
  return sorted[0] ?? null;
}
