import { expect, test } from './support/fixtures';
import { expectInView, expectWhole, overflowing, wrappedPrices } from './support/layout';
import { openCounter, screen } from './support/ui';
import { dialog, walkOf } from './support/screenWalk';
import { expectNoSeriousFinding, focusOffControl } from './support/axe';
import { CLERK } from './support/clerkStops';
import { MANAGER } from './support/managerStops';

/**
 * Every screen and dialog a clerk and a manager can open, on the smallest counter screen
 * (1024×768) and a large one (1920×1080), in English and in Dutch (docs/counter.md §12.1): at
 * each stop its key actions are inside the window without scrolling and nothing covers them
 * (what a press at their centre reaches is they), a dialog shows all it holds without
 * scrolling, nothing sticks out sideways or is cut off, no price wraps, the focus is on a control
 * (never the page's body), and axe-core finds nothing serious or critical (WCAG 2.0/2.1 A and AA).
 *
 * A walk is a list of stops, each opened from the one before it by the user's own steps. A new
 * screen is one more entry in CLERK or MANAGER (e2e/support/clerkStops.ts, managerStops.ts): its name, how it is opened, what must be usable.
 */

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1920, height: 1080 },
] as const;

for (const [who, stops] of [
  ['clerk', CLERK],
  ['manager', MANAGER],
] as const) {
  for (const size of SIZES) {
    for (const lang of ['en', 'nl'] as const) {
      test(`every screen of a ${who} at ${size.width}×${size.height} in ${lang === 'en' ? 'English' : 'Dutch'}`, async ({
        page,
        counter,
      }, testInfo) => {
        // About 30 stops, each with axe-core, on a shared two-core machine.
        test.setTimeout(600_000);
        await page.setViewportSize(size);
        await openCounter(page, counter.url);
        const s = walkOf(page, lang, counter);
        const language = s.button(lang === 'en' ? 'EN English' : 'NL Nederlands');
        if ((await language.getAttribute('aria-pressed')) !== 'true') await language.click();
        await expect(language).toHaveAttribute('aria-pressed', 'true');
        await expect(s.button('Log in')).toBeVisible();

        for (const stop of stops) {
          await test.step(stop.name, async () => {
            await stop.open(s);
            await expect.poll(() => focusOffControl(page), `${stop.name}: the focus is on a control`).toBeNull();
            for (const [i, action] of stop.actions(s).entries()) await expectInView(action, `${stop.name}: action ${i + 1}`);
            if (stop.dialog) await expectWhole(dialog(s), stop.name);
            expect(await overflowing(page), `${stop.name}: nothing sticks out`).toEqual([]);
            expect(await wrappedPrices(page), `${stop.name}: no price wraps`).toEqual([]);
            await expectNoSeriousFinding(page, stop.name);
            await screen(page, testInfo, `screens-${stop.name}-${size.width}x${size.height}-${lang}`);
          });
        }
      });
    }
  }
}
