import { useState } from 'react';
import type { IpcOutputs } from '../../shared/ipc';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

type TestAnswer = IpcOutputs['terminal.test'];

/**
 * The manager's terminal test (docs/api.md §9.2): the terminal is asked its totals without
 * closing anything, and the answer is said in words: ready, refused (with its reason), or
 * no answer. Without a terminal the panel says PIN is confirmed by hand.
 */
export function TerminalTest() {
  const { t } = useI18n();
  const setup = useInvoke('terminal.setup', {});
  const [answer, setAnswer] = useState<TestAnswer | null>(null);
  const test = useAction('terminal.test', setAnswer);
  if (!setup.value) return <ErrorNote error={setup.error} />;
  if (setup.value.kind === 'none') return <p className="hint">{t('terminal.testNone')}</p>;
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          disabled={test.pending}
          onClick={() => {
            setAnswer(null);
            void test.run({});
          }}
        >
          {t('terminal.test')}
        </button>
      </div>
      <ErrorNote error={test.error} />
      {answer && <TestResult answer={answer} />}
    </div>
  );
}

function TestResult({ answer }: { answer: TestAnswer }) {
  const { t } = useI18n();
  if (answer.error === null) {
    return (
      <p role="status" className="note note-ok">
        {t('terminal.testOk')}
      </p>
    );
  }
  return (
    <p role="alert" className="note note-warn">
      {answer.reachable ? t('terminal.testRefused', { reason: t(`terminal.error.${answer.error}`) }) : t('terminal.testUnreachable')}
    </p>
  );
}
