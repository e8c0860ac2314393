import { EventEmitter } from 'node:events';
import { customerViewOf, type CustomerView } from '../../../domain/receipts/customerView';
import type { ReceiptOrder } from '../../../domain/receipts/receipt';

/**
 * The customer display's side in the main process (docs/api.md §9.4): the clerk's screen says
 * which sale is in progress, and each committed change of that order is pushed to the display
 * at once (an event, not polling), so it follows the clerk's screen within milliseconds.
 */
export class CustomerDisplay {
  private orderId: string | null = null;
  private current: CustomerView | null = null;
  private readonly events = new EventEmitter();

  constructor(
    private readonly loadOrder: (orderId: string) => Promise<ReceiptOrder | null>,
    /** Whether cash taken now is rounded: the manager's setting as in force (docs/counter.md §17). */
    private readonly cashRounding: () => boolean,
  ) {}

  view(): CustomerView | null {
    return this.current;
  }

  /** The sale on the clerk's screen; null: none (the display goes blank). */
  async show(orderId: string | null): Promise<void> {
    this.orderId = orderId;
    await this.update();
  }

  /** An order changed: pushed when it is the sale on the display. */
  async orderChanged(orderId: string): Promise<void> {
    if (orderId === this.orderId) await this.update();
  }

  onChange(listener: (view: CustomerView | null) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private async update(): Promise<void> {
    const wanted = this.orderId;
    const order = wanted ? await this.loadOrder(wanted) : null;
    // A newer sale was shown while this one loaded: the newer one wins.
    if (wanted !== this.orderId) return;
    this.current = order ? customerViewOf(order, this.cashRounding()) : null;
    this.events.emit('change', this.current);
  }
}
