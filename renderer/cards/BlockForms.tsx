import { useState } from 'react';
import type { BlockReason } from '../../shared/schemas/cards';
import { queryKeys, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { ManagerApproval, type Approval } from '../manager/ManagerApproval';
import { focusSoon } from '../sale/saleStore';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The reasons of shared/schemas/cards.ts, in its order. Written as types only, so that the card
 * service's chunk does not take the zod schemas (and the first load's chunks stay as they were:
 * renderer/README, "Loading by area"); the compiler refuses a list that misses one or adds one.
 */
const REASONS = ['LOST', 'STOLEN', 'DEFECTIVE', 'OTHER'] as const satisfies readonly BlockReason[];
type Missing = Exclude<BlockReason, (typeof REASONS)[number]>;
const allReasons: [Missing] extends [never] ? true : Missing = true;
void allReasons;

/** After a change to a card: its detail and the search read again. */
export function useCardChanged() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: queryKeys.channel('cards.detail') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('cards.find') });
  };
}

/** Block with a reason (docs/counter.md §22.2): offline it waits in the counter's outbox and says so. */
export function BlockForm({ transitTokenId }: { transitTokenId: number }) {
  const { t } = useI18n();
  const [reason, setReason] = useState<BlockReason>('LOST');
  const [note, setNote] = useState('');
  const changed = useCardChanged();
  // A blocked card is most often replaced next: the focus goes to the new card's number (docs/counter.md §12.3).
  const block = useAction('cards.block', () => {
    changed();
    focusSoon('replace-pass');
  });
  return (
    <form
      className="card-act"
      aria-label={t('cards.block')}
      onSubmit={(e) => {
        e.preventDefault();
        void block.run({ transitTokenId, reason, ...(note.trim() && { note: note.trim() }) });
      }}
    >
      <Field id="block-reason" label={t('cards.reason')}>
        {(control) => (
          <select {...control} value={reason} onChange={(e) => setReason(e.target.value as BlockReason)}>
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`cards.reason.${r}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="block-note" label={t('cards.note')}>
        {(control) => <input {...control} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      <button type="submit" disabled={block.pending}>
        {t('cards.block')}
      </button>
      <ErrorNote error={block.error} />
    </form>
  );
}

/** Unblock a card that was found (docs/counter.md §22.5): a manager's PIN. */
export function UnblockForm({ transitTokenId }: { transitTokenId: number }) {
  const { t } = useI18n();
  const [approval, setApproval] = useState<Approval>({ staffId: '', pin: '' });
  const [tried, setTried] = useState(false);
  const changed = useCardChanged();
  // Active again: the focus goes to its block form's first field, where the unblock form was.
  const unblock = useAction('cards.unblock', () => {
    changed();
    focusSoon('block-reason');
  });
  return (
    <form
      className="card-act"
      aria-label={t('cards.unblock')}
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (/^\d{4,8}$/.test(approval.pin)) void unblock.run({ transitTokenId, approval });
      }}
    >
      <ManagerApproval value={approval} onChange={setApproval} tried={tried} idPrefix="unblock-approval" />
      <button type="submit" disabled={unblock.pending}>
        {t('cards.unblock')}
      </button>
      <ErrorNote error={unblock.error} />
    </form>
  );
}
