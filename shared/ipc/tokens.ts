import { z } from 'zod';
import type { MandateRecord, TransitTokenRecord } from '../schemas/reference';
import { mandateQuery, transitTokenQuery } from '../schemas/requests';
import { channel } from './declare';

/** Tokens and personal data: lookups of the central's lookup interface, and the e-mail challenge. */

export interface LookupAnswer<T> {
  records: T[];
  source: 'central' | 'cache';
  /** Set when answered from the cache: how old it is. */
  stale: boolean;
  ageSeconds: number | null;
}

export interface ChallengeSent {
  challengeId: string;
  expiresAt: string;
  sentTo: string;
  demoCode: string | null;
}

export const tokenChannels = {
  // Lookups: the central's lookup interface when online, the local cache when not.
  'lookup.tokens': channel<LookupAnswer<TransitTokenRecord>>()({ input: transitTokenQuery.partial(), access: 'clerk', kind: 'read' }),
  'lookup.mandates': channel<LookupAnswer<MandateRecord>>()({ input: mandateQuery.partial(), access: 'clerk', kind: 'read' }),

  // E-mail challenge for personal data: a one-time password sent to the traveller.
  'challenge.send': channel<ChallengeSent>()({ input: z.object({ emailAddress: z.email() }), access: 'clerk', kind: 'change' }),
  'challenge.verify': channel<{ verified: true }>()({
    input: z.object({ challengeId: z.string().min(1), code: z.string().regex(/^\d{6}$/) }),
    access: 'clerk',
    kind: 'change',
  }),
} as const;
