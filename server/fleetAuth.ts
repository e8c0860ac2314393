import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVOKED_PROBLEM_TYPE } from '../shared/schemas/fleet';
import { AuthError, OPERATOR_SCOPE, bearer, hasScope, signChannelToken, type ChannelClaims } from './auth';
import type { Verifiers } from './caller';
import { problemBody, sendProblem } from './problems';

/**
 * The tokens of a fleet (docs/api.md §2, §11.1): a device's own (scope `device`, `sub` its id),
 * checked against its revocation on every request, and an operator's (scope `operator`).
 */

export const DEVICE_SCOPE = 'device';
/** A device token's lifetime; the counter renews it well before (POST /counters/{deviceId}/token). */
export const DEVICE_TOKEN_LIFETIME = '30d';
/** What `npm run central -- token --operator` prints is valid this long unless --days says otherwise. */
export const OPERATOR_TOKEN_DAYS = 7;

export const signDeviceToken = (secret: string) => (deviceId: string, touchpointId: number) =>
  signChannelToken(secret, { sub: deviceId, touchpointId, scope: DEVICE_SCOPE }, DEVICE_TOKEN_LIFETIME);

export const signOperatorToken = (secret: string, days = OPERATOR_TOKEN_DAYS) =>
  signChannelToken(secret, { sub: 'operator', scope: OPERATOR_SCOPE }, `${days}d`);

export const isOperator = (claims: ChannelClaims) => hasScope(claims, OPERATOR_SCOPE);

/** The device a token speaks for, if it is a device's token. */
export const deviceOf = (claims: ChannelClaims) => (hasScope(claims, DEVICE_SCOPE) ? (claims.sub ?? '') : undefined);

/** Whether the token is a device's that is no longer enrolled (revoked, or unknown to this database). */
export async function isRevoked(verifiers: Verifiers, claims: ChannelClaims): Promise<boolean> {
  const device = deviceOf(claims);
  return device !== undefined && !(await verifiers.activeDevice(device));
}

export function sendRevoked(reply: FastifyReply) {
  const body = problemBody(401, 'This counter’s access was taken back by the operator; enrol it again.', [], 'The device was revoked');
  return reply
    .code(401)
    .type('application/json')
    .send({ ...body, type: REVOKED_PROBLEM_TYPE });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified bearer token of a fleet route. */
    fleetClaims: ChannelClaims;
  }
}

/** The fleet routes' onRequest hook: a valid bearer token of any kind (each route says whose it must be), or 401. */
export function fleetAuthenticate(verifiers: Verifiers) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const token = bearer(req.headers.authorization);
    if (!token) return sendProblem(reply, 401, 'Send a bearer token: Authorization: Bearer <JWT>.');
    try {
      const claims = await verifiers.channel.verify(token);
      if (await isRevoked(verifiers, claims)) return sendRevoked(reply);
      req.fleetClaims = claims;
    } catch (error) {
      if (error instanceof AuthError) return sendProblem(reply, 401, `${error.message}.`);
      throw error;
    }
  };
}

/** A fleet route's guard: undefined when the token is an operator's, else the 403 sent. */
export const refuseUnlessOperator = (req: FastifyRequest, reply: FastifyReply) =>
  isOperator(req.fleetClaims) ? undefined : sendProblem(reply, 403, 'This needs an operator token (scope operator).');

/** Answers 403 unless the token is the device's own. */
export const refuseUnlessDevice = (req: FastifyRequest, deviceId: string, reply: FastifyReply) =>
  deviceOf(req.fleetClaims) === deviceId ? undefined : sendProblem(reply, 403, 'Only the device itself may do this, with its own token.');
