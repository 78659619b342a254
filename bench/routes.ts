/**
 * The route table every server in the benchmark serves: about 100 routes, half static
 * and half with parameters, under realistic prefixes, plus the measured ones.
 */
export interface BenchRoute {
  /** Path with `:param` placeholders (converted for each framework). */
  path: string;
  kind: 'static' | 'param';
}

const sections = ['account', 'admin', 'api', 'blog', 'catalog', 'docs', 'help', 'news', 'shop', 'team'];

export function benchRoutes(): BenchRoute[] {
  const routes: BenchRoute[] = [{ path: '/hello', kind: 'static' }, { path: '/users/:id', kind: 'param' }];
  for (let i = 0; i < 49; i++) {
    const section = sections[i % sections.length]!;
    routes.push({ path: `/${section}/page-${i}`, kind: 'static' });
    routes.push({ path: `/api/v${1 + (i % 3)}/${section}-${i}/:id/items/:itemId`, kind: 'param' });
  }
  return routes;
}

/** `/users/:id` → `/users/{id}` for Sluice. */
export function toBraces(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}

export const MISSING_PATH = '/bundles/app/images/events/x.JPG';

/** The JSON endpoint measured for payload validation: a POST of five fields, answered with them. */
export const VALIDATE_PATH = '/validate';

/** A valid body for VALIDATE_PATH. */
export const validatePayload = { name: 'Ada Lovelace', email: 'ada@example.com', age: 36, tags: ['math', 'engines'], active: true };

/** The same rules for every server: as JSON Schema for Fastify, as a zod schema for Sluice (bench-kernel.ts). */
export const validateJsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    email: { type: 'string', format: 'email' },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    active: { type: 'boolean' },
  },
  required: ['name', 'email', 'age', 'tags', 'active'],
  additionalProperties: false,
} as const;
