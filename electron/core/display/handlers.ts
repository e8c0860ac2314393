import type { HandlersOf } from '../../../shared/ipc';
import type { displayChannels } from '../../../shared/ipc/display';
import { ok } from '../../../shared/refusals';
import type { CustomerDisplay } from './display';

/** The customer display's channels (docs/api.md §9.4). */
export function displayHandlers(display: CustomerDisplay): HandlersOf<typeof displayChannels> {
  return {
    'display.show': async ({ orderId }) => {
      await display.show(orderId);
      return ok(true as const);
    },
    'display.current': async () => ok(display.view()),
  };
}
