import { useEffect, useRef, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * A focused step over the screen (the browser's modal <dialog>: the rest of the page is
 * inert, Escape closes it). Named by its title; "Close" and Escape call onClose.
 */
export function Dialog({
  id,
  title,
  onClose,
  children,
  wide = false,
}: {
  id: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    // A field that took the focus as it was drawn keeps it (showModal would move it to Close).
    const focused = dialog.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    // jsdom has no showModal: there the dialog is simply open.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    focused?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'step-dialog wide' : 'step-dialog'}
      aria-labelledby={`${id}-title`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button type="button" onClick={onClose}>
          {t('common.close')}
        </button>
      </header>
      {children}
    </dialog>
  );
}
