import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { windowCounter } from './api/counter';
import { NoBridge } from './start/NoBridge';
import './styles/base.css';
import './styles/badges.css';
import './styles/layout.css';
import './styles/counter.css';
import './styles/manager.css';
import './styles/print.css';

const root = createRoot(document.getElementById('root')!);
const api = windowCounter();
root.render(<StrictMode>{api ? <App api={api} /> : <NoBridge />}</StrictMode>);
