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

/** The customer's token of a request, if it sends one (docs/api.md §7.4). */
function customerTokenOf(req: FastifyRequest): string | undefined {
  const header = req.headers[CUSTOMER_HEADER];
  return typeof header === 'string' && header.trim() !== '' ? (bearer(header) ?? header.trim()) : undefined;
}

/**
 * The onRequest hook that turns a request's tokens into its Caller, or answers 401/403.
 * The order interface needs a touchpoint (docs/api.md §2); the lookup interface does not.
 * A callback hook: a request whose tokens were verified before (JwtVerifier.known) and whose
 * channel token is no device's (a device's is checked against its revocation on every request,
 * docs/api.md §11.1) passes without a promise or an await (bench/README, "The CI's read budget").
 */
export function authenticate(verifiers: Verifiers, catalog: () => Catalog, needsTouchpoint: boolean) {
  /** Sets the request's caller from verified claims and answers true, or answers the 403 and false. */
  function admit(req: FastifyRequest, reply: FastifyReply, claims: ChannelClaims, customerProfileId: number | null): boolean {
    const operator = hasScope(claims, OPERATOR_SCOPE);
    const operatorHere = operator && claims.touchpointId === undefined && req.routeOptions.config.operatorWithoutTouchpoint === true;
    if (needsTouchpoint && !operatorHere) {
      // The channel is authenticated but not allowed here: a 403, like an unknown touchpoint.
      if (claims.touchpointId === undefined) {
        sendProblem(reply, 403, 'The bearer token has no touchpointId claim, which the order interface needs.');
        return false;
      }
      const touchpoint = catalog().touchpoints.get(claims.touchpointId);
      if (!touchpoint || !touchpoint.isActive) {
        sendProblem(reply, 403, `Touchpoint ${claims.touchpointId} is unknown or not active.`);
        return false;
      }
    }
    req.operator = operator;
    req.caller = {
      touchpointId: claims.touchpointId ?? 0,
      customerProfileId,
      reportsPayments: hasScope(claims, PAYMENT_STATUS_SCOPE),
      sub: claims.sub ?? null,
    };
    return true;
  }

  /** The path with an await: a token not verified before, or a device's (its revocation looked up). */
  async function verified(req: FastifyRequest, reply: FastifyReply, token: string, customerToken: string | undefined): Promise<boolean> {
    try {
      const claims = await verifiers.channel.verify(token);
      if (await isRevoked(verifiers, claims)) {
        sendRevoked(reply);
        return false;
      }
      const customerProfileId = customerToken === undefined ? null : (await verifiers.customer.verify(customerToken)).customerProfileId;
      return admit(req, reply, claims, customerProfileId);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      sendProblem(reply, 401, `${error.message}.`);
      return false;
    }
  }

  return (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const token = bearer(req.headers.authorization);
    if (!token) {
      sendProblem(reply, 401, 'Send a bearer token: Authorization: Bearer <JWT>.');
      return;
    }
    const customerToken = customerTokenOf(req);
    const claims = verifiers.channel.known(token);
    const customer = customerToken === undefined ? null : verifiers.customer.known(customerToken);
    if (claims && deviceOf(claims) === undefined && customer !== undefined) {
      if (admit(req, reply, claims, customer?.customerProfileId ?? null)) done();
      return;
    }
    verified(req, reply, token, customerToken).then((admitted) => admitted && done(), done);
  };
}
