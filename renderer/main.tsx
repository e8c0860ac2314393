import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { windowCounter } from './api/counter';
import { NoBridge } from './start/NoBridge';
import './styles/base.css';
import './styles/badges.css';
import './styles/layout.css';
import './styles/screen.css';
import './styles/sale.css';
import './styles/checkout.css';
import './styles/dialogs.css';
import './styles/sync.css';
import './styles/manager.css';
import './styles/print.css';

// The customer display is a page of its own (docs/api.md §9.4), loaded only where it shows.
const CustomerDisplay = lazy(() => import('./customer/CustomerDisplay').then((m) => ({ default: m.CustomerDisplay })));

const root = createRoot(document.getElementById('root')!);
const api = windowCounter();
const page = !api ? (
  <NoBridge />
) : location.pathname === '/customer' ? (
  <Suspense fallback={null}>
    <CustomerDisplay api={api} />
  </Suspense>
) : (
  <App api={api} />
);
root.render(<StrictMode>{page}</StrictMode>);
