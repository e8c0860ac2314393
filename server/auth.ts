import { SignJWT, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';

/**
 * docs/api.md §2: sales channels authenticate with an HS256 JWT (`exp` required); a web shop
 * may add a customer's JWT. Verified tokens are remembered until they expire, since a
 * counter sends the same token with every request.
 */

const channelClaims = z.object({
  exp: z.number(),
  sub: z.string().optional(),
  touchpointId: z.number().int().optional(),
  /** Space-separated; `payments:status` marks a payment provider's callback (docs/api.md §7.3). */
  scope: z.string().optional(),
  // Customer JWTs are signed with the same key unless CENTRAL_CUSTOMER_JWT_SECRET is set: one
  // must not pass for a sales channel's token (it would open the lookup interface to a customer).
  customerProfileId: z.undefined().optional(),
});
// Profile 0 is the anonymous customer: a customer JWT must name a real one (docs/api.md §7.4).
const customerClaims = z.object({ exp: z.number(), customerProfileId: z.number().int().min(1) });

export type ChannelClaims = z.infer<typeof channelClaims>;
export type CustomerClaims = z.infer<typeof customerClaims>;

export class AuthError extends Error {}

/** Verified tokens remembered at most; then the memory starts again (a flood of tokens cannot grow it). */
const MAX_REMEMBERED = 10_000;

export class JwtVerifier<T extends { exp: number }> {
  private readonly key: Uint8Array;
  private readonly remembered = new Map<string, T>();

  constructor(
    secret: string,
    private readonly claims: z.ZodType<T>,
    private readonly what: string,
    private readonly maxRemembered = MAX_REMEMBERED,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** The claims of a token verified before and not yet expired, without an await (the read path's hook, caller.ts); else undefined. */
  known(token: string): T | undefined {
    const known = this.remembered.get(token);
    return known && known.exp * 1000 > Date.now() ? known : undefined;
  }

  async verify(token: string): Promise<T> {
    const known = this.known(token);
    if (known) return known;
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
    } catch (error) {
      throw new AuthError(`the ${this.what} is not valid: ${describe(error)}`);
    }
    const parsed = this.claims.safeParse(payload);
    if (!parsed.success) throw new AuthError(`the ${this.what} lacks required claims`);
    if (this.remembered.size >= this.maxRemembered) this.remembered.clear();
    this.remembered.set(token, parsed.data);
    return parsed.data;
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === 'ERR_JWT_EXPIRED') return 'it has expired';
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return 'its signature does not match';
  if (code === 'ERR_JOSE_ALG_NOT_ALLOWED') return 'only HS256 is accepted';
  if (code === 'ERR_JWT_CLAIM_VALIDATION_FAILED') return 'a required claim is missing or wrong';
  return 'it is malformed';
}

export const channelVerifier = (secret: string) => new JwtVerifier(secret, channelClaims, 'bearer token');
export const customerVerifier = (secret: string) => new JwtVerifier(secret, customerClaims, 'customer token');

/** Makes a channel token, for local use and tests. */
export async function signChannelToken(
  secret: string,
  claims: { sub: string; touchpointId?: number; scope?: string },
  expiresIn: string | number = '7d',
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

export const PAYMENT_STATUS_SCOPE = 'payments:status';
/** The operator of a fleet (docs/api.md §2, §11): sees every touchpoint's day closes that do not match (§10.4). */
export const OPERATOR_SCOPE = 'operator';

export const hasScope = (claims: ChannelClaims, scope: string) => (claims.scope ?? '').split(' ').includes(scope);

export async function signCustomerToken(secret: string, customerProfileId: number, expiresIn: string | number = '1h') {
  return new SignJWT({ customerProfileId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

export function bearer(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match?.[1];
}
