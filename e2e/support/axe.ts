import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe-core over the page as it is (docs/counter.md §12.2): WCAG 2.0 and 2.1, A and AA, with
 * label-in-name (2.5.3, `label-content-name-mismatch`), which axe-core marks experimental and so
 * runs only when asked. A serious or critical finding fails the stop, named with where it is.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export async function expectNoSeriousFinding(page: Page, label: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(TAGS)
    .analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}) on ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(serious, `${label}: no serious or critical WCAG 2.1 A/AA finding`).toEqual([]);
}

/** Where the focus is, unless it is on a control (or a screen's title that took it): the page's body, or what took it. */
export function focusOffControl(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'the page’s body';
    if (el.matches('button, input, select, textarea, a[href], summary, [tabindex]')) return null;
    return `${el.tagName.toLowerCase()}#${el.id}`;
  });
}
