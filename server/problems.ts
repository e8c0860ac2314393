import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Problem, ProblemError } from '../shared/schemas/problem';
import type { Refusal } from '../domain/result';

/** docs/api.md §5: every 4xx and 5xx answer is a problem body with a fresh `instance`. */

const KINDS = {
  400: ['validation-error', 'The request is not valid'],
  401: ['unauthenticated', 'Authentication is required'],
  403: ['forbidden', 'Not allowed'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  408: ['request-timeout', 'The request did not arrive in time'],
  409: ['conflict', 'Conflict'],
  413: ['payload-too-large', 'The request body is too large'],
  415: ['unsupported-media-type', 'The request body must be JSON'],
  429: ['too-many-requests', 'Too many requests'],
  431: ['headers-too-large', 'The request headers are too large'],
  500: ['internal-error', 'Internal error'],
  503: ['unavailable', 'Service unavailable'],
} as const satisfies Record<number, readonly [string, string]>;

export type ProblemStatus = keyof typeof KINDS;

export const problemType = (status: ProblemStatus) => `urn:counter:problem:${KINDS[status][0]}`;

export function problemBody(status: ProblemStatus, detail: string, errors: ProblemError[] = [], title?: string): Problem {
  return {
    type: problemType(status),
    title: title ?? KINDS[status][1],
    detail,
    instance: `urn:uuid:${randomUUID()}`,
    errors,
  };
}

export function sendProblem(reply: FastifyReply, status: ProblemStatus, detail: string, errors: ProblemError[] = [], title?: string) {
  return reply
    .code(status)
    .type('application/json')
    .send(problemBody(status, detail, errors, title));
}

const STATUS_OF: Record<Refusal['kind'], 400 | 403 | 404 | 409> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  forbidden: 403,
};

/** A domain refusal as the status and problem body its request answers (docs/api.md §5). */
export function refusalProblem(refusal: Refusal): { status: 400 | 403 | 404 | 409; problem: Problem } {
  const status = STATUS_OF[refusal.kind];
  if (refusal.kind === 'invalid') return { status, problem: problemBody(status, refusal.detail, refusal.errors, refusal.title) };
  return { status, problem: problemBody(status, refusal.detail, 'errors' in refusal ? refusal.errors : []) };
}

export function sendRefusal(reply: FastifyReply, refusal: Refusal) {
  const { status, problem } = refusalProblem(refusal);
  return reply.code(status).type('application/json').send(problem);
}

/** Fastify's schema validation errors (zod issues) as problem elements. */
export function validationErrors(validation: readonly { instancePath?: string; message?: string }[], where?: string): ProblemError[] {
  return validation.map((issue) => {
    const pointer = issue.instancePath && issue.instancePath !== '/' ? issue.instancePath : '';
    const name = pointer.split('/').filter(Boolean).join('.');
    const place = where === 'params' ? 'path parameter ' : where === 'querystring' ? 'query parameter ' : '';
    const subject = name ? `${place}${name}` : '';
    return { detail: subject ? `${subject}: ${issue.message ?? 'is not valid'}` : (issue.message ?? 'is not valid'), pointer };
  });
}
