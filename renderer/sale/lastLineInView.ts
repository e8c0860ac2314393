import { useEffect, useRef } from 'react';

/**
 * Keeps the order's newest line (the last one) with its name and its Edit and Remove in the
 * lines' scrolling box: when a line is added, and again whenever the box changes height (the
 * remarks or the undo bar appearing under it as the line comes in), so that "Still needed"
 * never covers them (docs/counter.md §12.1). The box only changes height with what is around it.
 */
export function useLastLineInView(lineCount: number) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const show = () => {
      const last = el.querySelector<HTMLElement>('.lines > li:last-child');
      (last?.querySelector('.line-actions') ?? last)?.scrollIntoView?.({ block: 'nearest' });
    };
    if (typeof ResizeObserver === 'undefined') {
      show();
      return;
    }
    // Its first report comes when the box is laid out, before it is painted: scrolling then
    // forces no layout of its own (an added line is drawn as soon as React commits it).
    const observer = new ResizeObserver(show);
    observer.observe(el);
    return () => observer.disconnect();
  }, [lineCount]);
  return box;
}
