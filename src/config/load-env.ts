import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'dotenv';
import { expand } from 'dotenv-expand';

export interface LoadEnvOptions {
  /** Where the variables go; default `process.env`. */
  target?: NodeJS.ProcessEnv;
  /** The variable naming the environment. Default `APP_ENV`. */
  envKey?: string;
  /** The environment when neither the real environment nor `.env` names one. Default `dev`. */
  defaultEnvironment?: string;
  /** Environments that ignore `.env.local`, so tests run the same on every machine. Default `['test']`. */
  testEnvironments?: readonly string[];
}

export interface LoadedEnv {
  /** The environment the files were chosen for. */
  readonly environment: string;
  /** The files read, in order (later ones override earlier ones). */
  readonly files: readonly string[];
}

/** Names the last load took from files, so a later load may replace them (they are not the real environment). */
const LOADED_VARS = 'SLUICE_DOTENV_VARS';
/** Which file each loaded variable came from, per target, for error messages. */
const sources = new WeakMap<NodeJS.ProcessEnv, Map<string, string>>();

/**
 * Loads `.env` files from `dir` in Symfony's order: `.env`, `.env.local` (not in test),
 * `.env.<env>`, `.env.<env>.local` (not in test), each overriding the ones before; a
 * variable of the real environment is never overridden. Values may refer to others
 * (`${DATABASE_HOST}`, `${PORT:-8000}`). The environment is `environment` when given,
 * else the real environment's `APP_ENV`, else `.env`'s, else `dev`. Parsing is dotenv's,
 * expansion dotenv-expand's. Loading again (another environment) replaces what the
 * previous load set.
 */
export function loadEnv(dir: string, environment?: string, options: LoadEnvOptions = {}): LoadedEnv {
  const target = options.target ?? process.env;
  const envKey = options.envKey ?? 'APP_ENV';
  const fromFiles = new Set((target[LOADED_VARS] ?? '').split(',').filter((name) => name !== ''));
  const real: Record<string, string> = {};
  for (const [name, value] of Object.entries(target)) if (value !== undefined && !fromFiles.has(name) && name !== LOADED_VARS) real[name] = value;

  const parsed: Record<string, string> = {};
  const origin = new Map<string, string>();
  const files: string[] = [];
  const read = (name: string): void => {
    const file = join(dir, name);
    if (!existsSync(file)) return;
    files.push(file);
    for (const [key, value] of Object.entries(parse(readFileSync(file)))) {
      parsed[key] = value;
      origin.set(key, file);
    }
  };

  read('.env');
  const chosen = environment ?? real[envKey] ?? parsed[envKey] ?? options.defaultEnvironment ?? 'dev';
  const isTest = (options.testEnvironments ?? ['test']).includes(chosen);
  if (!isTest) read('.env.local');
  read(`.env.${chosen}`);
  if (!isTest) read(`.env.${chosen}.local`);

  // Expanded against the real environment, which wins over every file.
  const { parsed: expanded = {} } = expand({ parsed: { ...parsed }, processEnv: { ...real } });
  for (const name of fromFiles) if (!(name in real)) delete target[name];
  const loaded: string[] = [];
  for (const [name, value] of Object.entries(expanded)) {
    if (name in real) continue;
    target[name] = value;
    loaded.push(name);
  }
  target[LOADED_VARS] = loaded.join(',');
  sources.set(target, new Map(loaded.map((name) => [name, origin.get(name)!])));
  return { environment: chosen, files };
}

/** The `.env` file a variable of `env` was loaded from; undefined for the real environment's. */
export function envSource(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  return sources.get(env)?.get(name);
}
