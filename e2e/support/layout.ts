import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Layout checks for every screen (docs/counter.md §12.1): what a clerk must reach is inside the
 * window and not under anything else, and nothing sticks out sideways.
 */

/** Everything that sticks out of the window, or out of a box that clips or scrolls sideways. */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const found: string[] = [];
    for (const el of document.querySelectorAll('body *')) {
      // Visually hidden on purpose: the skip link (until focused) and screen-reader texts.
      if (el.closest('dialog:not([open]), .skip, .sr-only')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (box.right > width + 1 || box.left < -1) found.push(`outside the window: ${name(el)}`);
      const style = getComputedStyle(el);
      if (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1) found.push(`cut off sideways: ${name(el)}`);
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) found.push(`text wider than its button: ${name(el)}`);
    }
    if (document.documentElement.scrollWidth > width) found.push('the page scrolls sideways');
    return found;
  });
}

/** Prices on more than one line ("€ / 99,00"). */
export function wrappedPrices(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.price, .num, .nowrap')]
      .filter((el) => {
        const lines = new Set([...el.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1;
      })
      .map((el) => (el.textContent ?? '').trim()),
  );
}

/** Shown, inside the window as it is (no scrolling; a sub-pixel edge aside), and what a press at its centre reaches. */
export async function expectInView(target: Locator, label: string): Promise<void> {
  await expect(target, `${label} is shown`).toBeVisible();
  await expect(target, `${label} is inside the window without scrolling`).toBeInViewport({ ratio: 0.99 });
  const covering = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || el === hit || el.contains(hit)) return null;
    // A label's press reaches its control.
    if (hit.closest('label') && (el as HTMLInputElement).labels && [...(el as HTMLInputElement).labels!].includes(hit.closest('label')!))
      return null;
    return `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')} "${(hit.textContent ?? '').trim().slice(0, 40)}"`;
  });
  expect(covering, `${label} is not under anything else`).toBeNull();
}

/** A dialog shows all it holds at once: neither it nor anything in it scrolls. */
export async function expectWhole(dialog: Locator, label: string): Promise<void> {
  const scrolling = await dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => el.scrollHeight > el.clientHeight + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowY))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
  expect(scrolling, `${label} shows everything without scrolling`).toEqual([]);
}
