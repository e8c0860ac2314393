import type { Order } from '../../shared/schemas/order';

/** An order as stored: the answer's form plus what the service needs to keep about it. */
export interface OrderRecord {
  order: Order;
  touchpointId: number;
  /** customerProfileId came from a customer JWT and is not derived from tokens. */
  customerFixed: boolean;
  /** Optimistic concurrency: bumped by every write. */
  version: number;
}
