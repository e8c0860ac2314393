import { useRef, useState } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * A file input in the screen's language (docs/counter.md §21): the browser's own button says
 * "Choose File" in the machine's language whatever the screen speaks, so it is hidden (kept
 * for its label and for tests) behind a button and a file name of ours.
 */
export function FileChooser({
  id,
  label,
  accept,
  onFile,
}: {
  id: string;
  label: string;
  accept: string;
  onFile: (file: File | undefined) => void;
}) {
  const { t } = useI18n();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type="file"
        className="sr-only"
        tabIndex={-1}
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name ?? null);
          onFile(file);
        }}
      />
      <div className="row">
        <button type="button" aria-describedby={`${id}-name`} onClick={() => input.current?.click()}>
          {t('file.choose')}
        </button>
        <span id={`${id}-name`} className="muted">
          {name ?? t('file.none')}
        </span>
      </div>
    </div>
  );
}
