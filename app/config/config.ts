import type { FrameworkConfigInput } from '../../src/kernel/kernel-config.ts';

/** The framework configuration of each environment. */
const environments: Record<string, FrameworkConfigInput> = {
  dev: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
  },
  test: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
  },
  prod: {
    defaultLocale: 'en',
    enabledLocales: ['en', 'fr'],
    secret: process.env.APP_SECRET ?? 'change-me-in-production-please',
    log: { format: 'jsonl', fingersCrossed: true },
  },
};

export function configFor(environment: string): FrameworkConfigInput {
  const config = environments[environment];
  if (config === undefined) throw new Error(`Unknown environment "${environment}"; known: ${Object.keys(environments).join(', ')}.`);
  return config;
}
