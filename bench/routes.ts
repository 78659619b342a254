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
