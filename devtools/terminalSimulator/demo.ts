import { randomBytes } from 'node:crypto';
import { endpointOf } from './endpoint';
import { startPanel } from './panel';
import { TerminalSimulator } from './simulator';

/**
 * The demo's terminal (`npm start`): the simulator with encrypted messages as a real terminal
 * (a key made for this run), and its panel, whose address is printed. The shells pass this to
 * the counter as `terminal.simulator`; closing the counter closes both.
 */
export async function startDemoTerminal() {
  const sim = await new TerminalSimulator({
    key: { id: 'CounterDemo', passphrase: randomBytes(18).toString('base64url'), version: 1 },
  }).start();
  const panel = await startPanel(sim);
  console.log(`terminal simulator on ${sim.url}; its panel (pick the next outcome): ${panel.url}`);
  const endpoint = endpointOf(sim, true);
  return {
    ...endpoint,
    close: async () => {
      await panel.close();
      await endpoint.close();
    },
  };
}
