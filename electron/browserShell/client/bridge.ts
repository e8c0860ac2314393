import { createBridge } from './counterBridge';

/**
 * The browser shell's bridge script (served as /bridge.js): window.counter for a plain browser.
 * index.html loads it as a classic script before the app's module script, so window.counter
 * exists before the app runs.
 */

// Read-only, like contextBridge's: page code cannot swap the bridge out.
Object.defineProperty(window, 'counter', { value: Object.freeze(createBridge()), enumerable: true });
