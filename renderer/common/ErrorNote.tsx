import type { IpcError } from '../../shared/ipc';
import { useI18n } from '../i18n/i18n';
import { describeProblem } from './problems';

/** A refusal of the main process, shown where it happened. */
export function ErrorNote({ error, id }: { error: IpcError | null | undefined; id?: string }) {
  const { t } = useI18n();
  if (!error) return null;
  return (
    <div className="note note-error" role="alert" id={id}>
      <strong>{t(`error.${error.kind}`)}</strong> {error.message}
      {error.errors.length > 0 && (
        <ul>
          {error.errors.map((e, i) => (
            <li key={i}>{describeProblem(t, e.detail, e.pointer)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
