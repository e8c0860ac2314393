import { expect, test } from './support/fixtures';
import { button, en, newSale, openAndLogin, payCash, screen, toCheckout, touchProduct } from './support/ui';

/** 80 mm in CSS pixels (96 per inch) and in PDF points (72 per inch). */
const MM80_PX = (80 / 25.4) * 96;
const MM80_PT = (80 / 25.4) * 72;

test('the receipt on an 80 mm receipt printer: tendered and change, nothing wider than the paper', async ({ page, counter }, testInfo) => {
  await openAndLogin(page, counter.url);
  await newSale(page);
  await touchProduct(page, 'Enkele reis stad');
  await toCheckout(page);
  const receipt = await payCash(page, '5', en.money(160));

  // On screen: the change in large type until the next sale.
  const change = page.getByRole('region', { name: 'Change due' });
  await expect(change).toContainText(en.money(160));
  await expect(change).toContainText(`Tendered ${en.money(500)}`);

  // As printed (80 mm is the counter's paper unless a manager chose A4).
  await page.emulateMedia({ media: 'print' });
  await expect(change).toBeHidden();
  await expect(button(page, 'Print receipt')).toBeHidden();
  await expect(receipt).toContainText(`Cash: ${en.money(340)} — Settled (tendered ${en.money(500)}, change ${en.money(160)})`);
  const width = await receipt.evaluate((el) => el.getBoundingClientRect().width);
  expect(width).toBeLessThanOrEqual(MM80_PX);
  expect(width).toBeGreaterThan(MM80_PX * 0.8);
  const wider = await receipt.evaluate((el) =>
    [...el.querySelectorAll('*')]
      .filter((child) => child.getBoundingClientRect().right > el.getBoundingClientRect().right + 1)
      .map((child) => child.textContent),
  );
  expect(wider).toEqual([]);
  await screen(page, testInfo, 'receipt-80mm');

  // The PDF Chromium prints: pages 80 mm wide (the named page receipt80 of the print CSS).
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString('latin1');
  const boxes = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => Number(m[1]));
  expect(boxes.length).toBeGreaterThan(0);
  for (const w of boxes) expect(Math.abs(w - MM80_PT)).toBeLessThan(1);
});
