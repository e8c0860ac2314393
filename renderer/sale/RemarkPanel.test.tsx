// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REMARK_CODES, REMARK_PARAMETER, type RemarkCode } from '../../shared/enums';
import { line, order } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { RemarkPanel } from './RemarkPanel';

afterEach(cleanup);

const WORDS: Record<RemarkCode, { text: RegExp; action: string }> = {
  PRODUCT_CHOICE_REQUIRED: { text: /choose which variant/i, action: 'Choose product' },
  VALIDFROM_REQUIRED: { text: /needs a start date/i, action: 'Set start date' },
  TOKEN_REQUIRED: { text: /must be put on a token/i, action: 'Add token' },
  CUSTOMERTOKEN_REQUIRED: { text: /registered token/i, action: 'Add registered token' },
  PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED: { text: /birthdate is needed/i, action: 'Add birthdate' },
  MANDATE_REQUIRED: { text: /direct debit mandate is needed/i, action: 'Capture or find a mandate' },
};

const remarkLine = (code: RemarkCode, name: string) =>
  line({
    productName: name,
    validationResult: 'preliminary',
    additionalRemarks: [{ code, parameter: REMARK_PARAMETER[code] }],
  });

function renderPanel(o: ReturnType<typeof order>, lang: 'en' | 'nl' = 'en') {
  const onAction = vi.fn();
  const onPay = vi.fn();
  renderWith(<RemarkPanel order={o} onAction={onAction} onPay={onPay} />, fakeCounter(), lang);
  return { onAction, onPay };
}

describe('RemarkPanel', () => {
  it('shows every remark code in words, each with the action that resolves it', async () => {
    const lines = REMARK_CODES.map((code, i) => remarkLine(code, `Product ${i + 1}`));
    const { onAction } = renderPanel(order({ orderLines: lines, validContents: false }));
    const list = screen.getByRole('list', { name: 'Remarks and errors' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(REMARK_CODES.length);

    for (const [i, code] of REMARK_CODES.entries()) {
      const item = items[i]!;
      expect(item.textContent).toMatch(WORDS[code].text);
      expect(item.textContent).toContain(`Product ${i + 1}`);
      expect(item.textContent).not.toContain(code);
      const button = within(item).getByRole('button', { name: WORDS[code].action });
      await userEvent.click(button);
      expect(onAction).toHaveBeenLastCalledWith(lines[i]!.orderLineId, expect.any(String));
    }
    expect(onAction.mock.calls.map((c) => c[1])).toEqual([
      'choose-product',
      'set-start-date',
      'add-token',
      'register-token',
      'add-birthdate',
      'mandate',
    ]);
  });

  it('offers one action for a line that needs a registered token and has none: both token remarks are one need', async () => {
    const topUp = line({
      productName: 'Saldo opladen',
      validationResult: 'preliminary',
      additionalRemarks: (['TOKEN_REQUIRED', 'CUSTOMERTOKEN_REQUIRED'] as const).map((code) => ({
        code,
        parameter: REMARK_PARAMETER[code],
      })),
    });
    const { onAction } = renderPanel(order({ orderLines: [topUp], validContents: false }));
    const items = within(screen.getByRole('list', { name: 'Remarks and errors' })).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]!.textContent).toMatch(/registered token/i);
    expect(
      within(items[0]!)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Add registered token']);
    expect(screen.queryByRole('button', { name: 'Add token' })).toBeNull();
    await userEvent.click(within(items[0]!).getByRole('button'));
    expect(onAction).toHaveBeenCalledWith(topUp.orderLineId, 'register-token');
  });

  it('shows validation errors in words with the field they concern and an action', () => {
    const bad = line({
      productName: '65+ Voordeel',
      validationResult: 'invalid',
      validationErrors: [
        { detail: 'the token is not active: its status is suspended', pointer: '/customerTokens/0/transitTokenId' },
        {
          detail: 'the traveller is 40 on the start date; this product is for ages 65 to 150',
          pointer: '/customerTokens/0/personalAccountData/birthdate',
        },
        { detail: 'something the counter does not know yet', pointer: '/somewhere' },
      ],
    });
    renderPanel(order({ orderLines: [bad], validContents: false }));
    const items = within(screen.getByRole('list', { name: 'Remarks and errors' })).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Token: the token is not active (status suspended)');
    within(items[0]!).getByRole('button', { name: 'Change token' });
    expect(items[1]!.textContent).toContain('Birthdate: the traveller is 40 on the start date');
    within(items[1]!).getByRole('button', { name: 'Change birthdate' });
    expect(items[2]!.textContent).toContain('something the counter does not know yet');
    within(items[2]!).getByRole('button', { name: 'Edit line' });
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps Pay disabled until the order is valid', async () => {
    const { onPay } = renderPanel(order({ orderLines: [remarkLine('VALIDFROM_REQUIRED', 'Dagkaart')], validContents: false }));
    const pay = screen.getByRole('button', { name: 'Pay' });
    expect(pay.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/payment opens when everything above is resolved/i)).toBeTruthy();
    await userEvent.click(pay);
    expect(onPay).not.toHaveBeenCalled();
    cleanup();

    const ready = renderPanel(order({ orderLines: [line()], validContents: true }));
    expect(screen.getByText(/nothing is missing/i)).toBeTruthy();
    const enabled = screen.getByRole('button', { name: 'Pay' });
    expect(enabled.hasAttribute('disabled')).toBe(false);
    await userEvent.click(enabled);
    expect(ready.onPay).toHaveBeenCalledOnce();
  });

  it('opens payment when the only remark is MANDATE_REQUIRED, for a direct debit', () => {
    renderPanel(
      order({
        orderLines: [remarkLine('MANDATE_REQUIRED', 'Maandabonnement stad'), line()],
        validContents: false,
      }),
    );
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(/only a mandate is missing/i)).toBeTruthy();
  });

  it('keeps Pay closed when a mandate and something else are missing', () => {
    renderPanel(
      order({
        orderLines: [remarkLine('MANDATE_REQUIRED', 'Maandabonnement stad'), remarkLine('TOKEN_REQUIRED', 'Dagkaart kind')],
        validContents: false,
      }),
    );
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(true);
  });

  it('speaks Dutch when the counter does', () => {
    renderPanel(order({ orderLines: [remarkLine('TOKEN_REQUIRED', 'Dagkaart kind')], validContents: false }), 'nl');
    expect(screen.getByText(/moet op een drager/i)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drager toevoegen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Betalen' }).hasAttribute('disabled')).toBe(true);
  });
});
