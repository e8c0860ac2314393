import { useEffect, useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CounterApi } from '../shared/ipc';
import { CounterProvider } from './api/counter';
import { useCounterEvents } from './api/events';
import { useInvoke } from './api/useInvoke';
import { areas } from './areas';
import { AreaSlot } from './common/area';
import { useDictionary } from './i18n/dictionaries';
import { I18nProvider, langOf } from './i18n/i18n';
import { FocusGuard } from './common/FocusGuard';
import { KeyQueueListener } from './common/pageKeys';
import { LoginScreen } from './start/LoginScreen';
import { Workspace } from './start/Workspace';
import { FleetNotices } from './fleet/FleetNotices';

const FirstRunScreen = areas.firstRun.lazy((m) => m.FirstRunScreen);

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export function App({ api, client }: { api: CounterApi; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? makeQueryClient());
  return (
    <CounterProvider api={api}>
      <QueryClientProvider client={queryClient}>
        <Root />
      </QueryClientProvider>
    </CounterProvider>
  );
}

function Root() {
  useCounterEvents();
  // Before anyone logs in only the public calls answer: the screen's language comes with the status.
  const status = useInvoke('session.status', {});
  const session = useInvoke('session.current', {});
  const lang = status.isLoading ? null : langOf(status.value?.languageId, status.value?.languages ?? []);
  const { dictionary, failed } = useDictionary(lang);

  useEffect(() => {
    if (dictionary) document.documentElement.lang = dictionary.lang;
  }, [dictionary]);

  if (!dictionary && failed) {
    return (
      <p className="loading" role="alert">
        Counter could not load its texts: restart Counter. / Counter kon zijn teksten niet laden: start Counter opnieuw.
      </p>
    );
  }
  if (!dictionary || session.isLoading) {
    return (
      <p className="loading" role="status">
        Counter…
      </p>
    );
  }
  return (
    <I18nProvider dictionary={dictionary} timeZone={status.value?.timeZone}>
      {/* First, before the login: a key the queue keeps reaches neither the scanner nor the global keys until its time. */}
      <KeyQueueListener />
      <FocusGuard />
      <FleetNotices />
      {status.value?.firstRun ? (
        <AreaSlot>
          <FirstRunScreen />
        </AreaSlot>
      ) : session.value ? (
        <Workspace clerk={session.value} />
      ) : (
        <LoginScreen />
      )}
    </I18nProvider>
  );
}
