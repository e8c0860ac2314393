import { Component, Suspense, use, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n';

/**
 * A part of the renderer built into chunks of its own and loaded the first time it is needed,
 * so that a sale's first load holds only what a sale needs (renderer/README, "Loading by area").
 * One `load` is shared by the part's components and by whoever opens it, so an opener can go
 * there or move the focus once the code is in (`focusSoon(id, area.load())`).
 */
export interface Area<M> {
  load: () => Promise<M>;
  isLoaded: () => boolean;
  /** A component drawing `pick(module)`: at once when the part is loaded, else after its slot's status. */
  lazy: <P extends object>(pick: (module: M) => ComponentType<P>) => ComponentType<P>;
}

export function area<M>(importer: () => Promise<M>): Area<M> {
  let loading: Promise<M> | null = null;
  let loaded: M | undefined;
  // A failure is kept too: `use` would otherwise ask again at every render after it.
  const load = () => (loading ??= importer().then((module) => (loaded = module)));
  return {
    load,
    isLoaded: () => loaded !== undefined,
    lazy: <P extends object>(pick: (module: M) => ComponentType<P>) =>
      function OnDemand(props: P) {
        // Unlike React.lazy, a part already loaded is drawn in the same render: no fallback,
        // which React keeps on screen for at least 300 ms once shown.
        const Part = pick(loaded ?? use(load()));
        return <Part {...props} />;
      },
  };
}

/**
 * Where a lazy part is drawn: a status in the screen's language while its code loads (it takes
 * no focus; the opener moves the focus once the part is drawn), an alert when it cannot load.
 * Give it a `key` that changes with what it shows, so that another screen starts afresh.
 */
export function AreaSlot({ children }: { children: ReactNode }) {
  return (
    <AreaBoundary>
      <Suspense fallback={<AreaLoading />}>{children}</Suspense>
    </AreaBoundary>
  );
}

function AreaLoading() {
  const { t } = useI18n();
  return (
    <p className="area-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

function AreaFailed() {
  const { t } = useI18n();
  return (
    <p className="note note-warn" role="alert">
      {t('common.areaFailed')}
    </p>
  );
}

class AreaBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <AreaFailed /> : this.props.children;
  }
}
