import { actionTemplate, controllerSource } from './code-templates.ts';
import type { AppNames } from './class-name.ts';

/** A file of the new application: its path under the application's directory and its text. */
export interface AppFile {
  readonly path: string;
  readonly content: string;
  /** Executable (bin/console). */
  readonly executable?: boolean;
}

export interface AppFileOptions {
  /** The `sluice` dependency: a version range, or `file:/path/sluice-4.4.0.tgz`. */
  readonly sluice: string;
  /** The ranges of typescript and @types/node, as the framework is built with them. */
  readonly typescript: string;
  readonly nodeTypes: string;
}

/**
 * The files of a new application: the shape of the events app, smaller (DESIGN.md, "The
 * public surface"): a kernel, one bundle, a controller with its template, a subscriber,
 * a test through the test client, the console and the dev server.
 */
export function appFiles(names: AppNames, options: AppFileOptions): AppFile[] {
  const bundle = `${names.className}Bundle`;
  const title = `Welcome to ${names.className}`;
  return [
    { path: 'package.json', content: packageJson(names, options) },
    { path: 'tsconfig.json', content: tsconfig },
    { path: '.gitignore', content: 'node_modules/\nvar/\npublic/bundles/\n' },
    { path: 'README.md', content: readme(names) },
    { path: 'src/kernel.ts', content: kernel(names) },
    { path: `src/${names.fileName}-bundle.ts`, content: bundleSource(bundle) },
    { path: 'src/controller/home-controller.ts', content: controllerSource({ className: 'HomeController', path: '/', routeName: 'app_home', title, template: 'home/index.html.twig' }) },
    { path: 'src/event-subscriber/security-headers-subscriber.ts', content: securityHeadersSubscriber },
    { path: 'templates/base.html.twig', content: baseTemplate },
    { path: 'templates/home/index.html.twig', content: actionTemplate('HomeController', 'templates/home/index.html.twig', 'base.html.twig') },
    { path: 'tests/home.test.ts', content: homeTest(names.className) },
    { path: 'bin/console', content: consoleLauncher, executable: true },
    { path: 'bin/console.ts', content: consoleSource },
    { path: 'bin/serve.ts', content: serveSource },
    { path: 'public/robots.txt', content: 'User-agent: *\nDisallow:\n' },
  ];
}

function packageJson(names: AppNames, options: AppFileOptions): string {
  const json = {
    name: names.packageName,
    version: '0.1.0',
    private: true,
    type: 'module',
    engines: { node: '>=20.19' },
    scripts: {
      start: 'node --import sluice/register bin/serve.ts',
      test: 'tsc --noEmit && node --import sluice/register --test tests/*.test.ts',
    },
    dependencies: { sluice: options.sluice },
    devDependencies: { '@types/node': options.nodeTypes, typescript: options.typescript },
    // npm runs no install script it was not told to: esbuild's checks its binary.
    allowScripts: { esbuild: true },
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

// The framework's own settings: standard decorators (with their metadata), class fields
// assigned as the compiled JavaScript does, .ts imports run by sluice/register.
const tsconfig = `${JSON.stringify(
  {
    compilerOptions: {
      target: 'ES2023',
      lib: ['ES2023', 'esnext.decorators', 'DOM.Iterable'],
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      types: ['node'],
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noImplicitOverride: true,
      useDefineForClassFields: false,
      skipLibCheck: true,
    },
    include: ['src', 'tests', 'bin'],
  },
  null,
  2,
)}\n`;

function readme(names: AppNames): string {
  return `# ${names.className}

A web application on Sluice.

\`\`\`sh
npm install && npm start          # serve the app on http://127.0.0.1:8000 (PORT and HOST change it)
\`\`\`

\`\`\`sh
npm test                          # tsc --noEmit, then tests/*.test.ts through node:test
\`\`\`

In dev every HTML page shows the web debug toolbar; its profiler is at \`/_profiler\`.
\`APP_ENV=prod\` runs the production environment (it needs \`APP_SECRET\`, 16 characters or more).

- \`src/kernel.ts\`: the kernel and its bundles; \`src/${names.fileName}-bundle.ts\`: what the application registers.
- \`src/controller/\`: controllers (\`@Route\`, \`@Template\`); \`templates/\`: their Twig templates.
- \`src/event-subscriber/\`: listeners to the kernel's events.
- \`bin/console --help\`: \`debug:router\`, \`request GET /\`, \`make:controller BlogPost\`, \`make:subscriber Audit\`...
`;
}

function kernel(names: AppNames): string {
  return `import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Debug, FrameworkBundle, FrameworkExtraBundle, Kernel as BaseKernel, TemplatingBundle, type Bundle } from 'sluice';
import { MakerBundle } from 'sluice/console';
import { WebProfilerBundle } from 'sluice/profiler';
import { ${names.className}Bundle } from './${names.fileName}-bundle.ts';

/** The application's directory: var/, public/ and templates/ are under it. */
export const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The application: the framework's bundles, the profiler and the makers in debug, then its own bundle. */
export class Kernel extends BaseKernel {
  registerBundles(): Bundle[] {
    const bundles: Bundle[] = [new FrameworkBundle()];
    if (this.debug) bundles.push(new WebProfilerBundle());
    bundles.push(new FrameworkExtraBundle(), new TemplatingBundle());
    if (this.environment === 'dev') bundles.push(new MakerBundle());
    bundles.push(new ${names.className}Bundle());
    return bundles;
  }
}

/** The kernel of an environment (APP_ENV, dev by default); debug everywhere but in prod unless APP_DEBUG says. */
export function createKernel(environment = process.env.APP_ENV ?? 'dev', debug = process.env.APP_DEBUG === undefined ? environment !== 'prod' : process.env.APP_DEBUG !== '0'): Kernel {
  if (debug) Debug.enable();
  return new Kernel({ environment, debug, projectDir });
}
`;
}

function bundleSource(bundle: string): string {
  return `import { Bundle, type BundleConfiguration } from 'sluice';
import { HomeController } from './controller/home-controller.ts';
import { SecurityHeadersSubscriber } from './event-subscriber/security-headers-subscriber.ts';

/**
 * What the application brings, declared once: the kernel loads the controllers' routes and
 * registers them, and adds the subscribers. A new controller or subscriber joins its list.
 */
export class ${bundle} extends Bundle {
  override configure(): BundleConfiguration {
    return {
      controllers: [HomeController],
      subscribers: [new SecurityHeadersSubscriber()],
    };
  }
}
`;
}

const securityHeadersSubscriber = `import { KernelEvents, type EventSubscriber, type ResponseEvent, type SubscribedEvents } from 'sluice';

/** Asks browsers not to guess content types and not to frame the pages elsewhere. */
export class SecurityHeadersSubscriber implements EventSubscriber {
  getSubscribedEvents(): SubscribedEvents<SecurityHeadersSubscriber> {
    return { [KernelEvents.RESPONSE]: 'onKernelResponse' };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (!event.isMainRequest()) return;
    const { headers } = event.response;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'SAMEORIGIN');
  }
}
`;

const baseTemplate = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>{% block title %}Welcome{% endblock %}</title>
  </head>
  <body>
    {% block body %}{% endblock %}
  </body>
</html>
`;

function homeTest(className: string): string {
  return `import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from 'sluice/testing';
import { createKernel } from '../src/kernel.ts';

describe('the home page', () => {
  const kernel = createKernel('test', false);
  after(() => kernel.shutdown());

  it('welcomes the visitor, with the security headers', async () => {
    const response = await createClient(kernel).get('/');
    assert.equal(response.status, 200);
    assert.equal(response.select('h1').text(), 'Welcome to ${className}');
    assert.equal(response.header('X-Content-Type-Options'), 'nosniff');
  });

  it('answers 404 for a page that does not exist', async () => {
    assert.equal((await createClient(kernel).get('/nothing-here')).status, 404);
  });
});
`;
}

// Plain JavaScript (an ES module, as package.json says): registers the TypeScript loader, then runs the console.
const consoleLauncher = `#!/usr/bin/env node
// The application's console: \`bin/console --help\`.
await import('sluice/register');
await import('./console.ts');
`;

const consoleSource = `import { runConsole } from 'sluice/console';
import { createKernel } from '../src/kernel.ts';

process.exitCode = await runConsole(process.argv.slice(2), (env) => createKernel(env));
`;

const serveSource = `import { serveKernel } from 'sluice/server';
import { createKernel } from '../src/kernel.ts';

// \`npm start\`: the application on http://127.0.0.1:8000; HOST and PORT change the address.
const kernel = createKernel();
const running = await serveKernel(kernel, { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 8000) });
process.stdout.write(\` [OK] \${kernel.environment} server listening on \${running.url} (Ctrl-C to stop)\\n\`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void running.stop().then(() => process.exit(0)));
}
`;
