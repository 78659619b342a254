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

/**
 * What the last load set in each target, with the file each value came from: a later
 * load may replace those (they are not the real environment) unless something changed
 * them since. Kept in memory, so a child process sees everything it inherits as real.
 */
const loads = new WeakMap<NodeJS.ProcessEnv, Map<string, { value: string; file: string }>>();

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
  const previous = loads.get(target) ?? new Map<string, { value: string; file: string }>();
  const fromFiles = new Set([...previous].filter(([name, { value }]) => target[name] === value).map(([name]) => name));
  const real: Record<string, string> = {};
  for (const [name, value] of Object.entries(target)) if (value !== undefined && !fromFiles.has(name)) real[name] = value;

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
  for (const name of fromFiles) delete target[name];
  const loaded = new Map<string, { value: string; file: string }>();
  for (const [name, value] of Object.entries(expanded)) {
    if (name in real) continue;
    target[name] = value;
    loaded.set(name, { value, file: origin.get(name)! });
  }
  loads.set(target, loaded);
  return { environment: chosen, files };
}

/** The `.env` file a variable of `env` was loaded from; undefined for the real environment's. */
export function envSource(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const loaded = loads.get(env)?.get(name);
  return loaded !== undefined && env[name] === loaded.value ? loaded.file : undefined;
}
