import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../domain/catalog';
import type { Caller } from '../domain/service';
import {
  AuthError,
  OPERATOR_SCOPE,
  PAYMENT_STATUS_SCOPE,
  bearer,
  hasScope,
  type JwtVerifier,
  type ChannelClaims,
  type CustomerClaims,
} from './auth';
import { deviceOf, isRevoked, sendRevoked } from './fleetAuth';
import { sendProblem } from './problems';

export const CUSTOMER_HEADER = 'x-operator-jwt-auth-header';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
    /** A bearer token whose scope holds `operator` (docs/api.md §2). */
    operator: boolean;
  }
  interface FastifyContextConfig {
    /** The route serves an operator token without a touchpoint (its caller's touchpointId is then 0). */
    operatorWithoutTouchpoint?: boolean;
  }
}

export interface Verifiers {
  channel: JwtVerifier<ChannelClaims>;
  customer: JwtVerifier<CustomerClaims>;
  /** Whether a device is enrolled and not revoked (docs/api.md §11.1): its token is refused otherwise. */
  activeDevice: (deviceId: string) => Promise<boolean>;
}

/**
 * The onRequest hook that turns a request's tokens into its Caller, or answers 401/403.
 * The order interface needs a touchpoint (docs/api.md §2); the lookup interface does not.
 */
export function authenticate(verifiers: Verifiers, catalog: () => Catalog, needsTouchpoint: boolean) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(req.headers.authorization);
    if (!token) {
      return sendProblem(reply, 401, 'Send a bearer token: Authorization: Bearer <JWT>.');
    }
    try {
      const claims = await verifiers.channel.verify(token);
      // Only a device's token can be revoked: no look-up (and no await) for any other.
      if (deviceOf(claims) !== undefined && (await isRevoked(verifiers, claims))) return sendRevoked(reply);
      let customerProfileId: number | null = null;
      const customerHeader = req.headers[CUSTOMER_HEADER];
      if (typeof customerHeader === 'string' && customerHeader.trim() !== '') {
        const customerToken = bearer(customerHeader) ?? customerHeader.trim();
        customerProfileId = (await verifiers.customer.verify(customerToken)).customerProfileId;
      }
      const operator = hasScope(claims, OPERATOR_SCOPE);
      const operatorHere = operator && claims.touchpointId === undefined && req.routeOptions.config.operatorWithoutTouchpoint === true;
      if (needsTouchpoint && !operatorHere) {
        // The channel is authenticated but not allowed here: a 403, like an unknown touchpoint.
        if (claims.touchpointId === undefined) {
          return sendProblem(reply, 403, 'The bearer token has no touchpointId claim, which the order interface needs.');
        }
        const touchpoint = catalog().touchpoints.get(claims.touchpointId);
        if (!touchpoint || !touchpoint.isActive) {
          return sendProblem(reply, 403, `Touchpoint ${claims.touchpointId} is unknown or not active.`);
        }
      }
      req.operator = operator;
      req.caller = {
        touchpointId: claims.touchpointId ?? 0,
        customerProfileId,
        reportsPayments: hasScope(claims, PAYMENT_STATUS_SCOPE),
        sub: claims.sub ?? null,
      };
    } catch (error) {
      if (error instanceof AuthError) return sendProblem(reply, 401, `${error.message}.`);
      throw error;
    }
  };
}
