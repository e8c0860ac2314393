import type { IpcError } from '../../shared/ipc';
import type { ProblemError } from '../../shared/schemas/problem';
import { useI18n, type I18n } from '../i18n/i18n';
import { describeProblem } from './problems';

/**
 * A refusal of the main process, shown where it happened, worded from its code in the screen's
 * language (never the main process's own text). Each of its errors is put in words
 * by `describe`, by default the field its pointer names and the detail.
 */
export function ErrorNote({
  error,
  id,
  describe = (t, e) => describeProblem(t, e.detail, e.pointer),
}: {
  error: IpcError | null | undefined;
  id?: string;
  describe?: (t: I18n['t'], error: ProblemError) => string;
}) {
  const { t, refusal } = useI18n();
  if (!error) return null;
  return (
    <div className="note note-error" role="alert" id={id}>
      <strong>{t(`error.${error.kind}`)}</strong> {refusal(error.code, error.params)}
      {error.errors.length > 0 && (
        <ul>
          {error.errors.map((e, i) => (
            <li key={i}>{describe(t, e)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
