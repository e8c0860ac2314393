import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { windowCounter } from './api/counter';
import { NoBridge } from './start/NoBridge';
import './styles.css';

const root = createRoot(document.getElementById('root')!);
const api = windowCounter();
root.render(<StrictMode>{api ? <App api={api} /> : <NoBridge />}</StrictMode>);
