import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './postgresServer';

/** Vitest globalSetup of the postgres project: one server for the whole run, its URL provided to every test file. */
export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}
