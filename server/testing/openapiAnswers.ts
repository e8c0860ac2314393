import type { FastifyInstance } from 'fastify';

/**
 * Every answer a test's app gave, by route and status, checked against the OpenAPI document
 * when the harness closes: a status a route answers that the document does not list fails the
 * test that saw it (docs/api.md §1), whichever route, old or new.
 */

export type Answer = { method: string; route: string; status: number };

export function recordAnswers(app: FastifyInstance): Answer[] {
  const answers: Answer[] = [];
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route) answers.push({ method: req.method.toLowerCase(), route, status: reply.statusCode });
  });
  return answers;
}

type Paths = Record<string, Record<string, { responses?: Record<string, unknown> }>>;

/** `METHOD path status` of each answer whose route is in the document but whose status is not; hidden routes are skipped. */
export async function undocumentedAnswers(app: FastifyInstance, answers: Answer[]): Promise<string[]> {
  if (answers.length === 0) return [];
  await app.ready();
  const paths = (app.swagger() as { paths: Paths }).paths;
  const missing = new Set<string>();
  for (const { method, route, status } of answers) {
    const operation = paths[route.replace(/:(\w+)/g, '{$1}')]?.[method];
    if (operation && !(String(status) in (operation.responses ?? {}))) missing.add(`${method.toUpperCase()} ${route} ${status}`);
  }
  return [...missing].sort();
}
