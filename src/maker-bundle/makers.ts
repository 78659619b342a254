import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { className, kebabCase } from '../scaffold/class-name.ts';
import { actionTemplate, controllerSource, subscriberSource, templateDirectory } from '../scaffold/code-templates.ts';
import { ScaffoldError } from '../scaffold/scaffold-error.ts';

/** Where the makers write, relative to the project directory. */
export interface MakerPaths {
  readonly controllerDir: string;
  readonly subscriberDir: string;
  readonly templateDir: string;
  /** The layout a generated template extends when it exists in `templateDir`; otherwise the template is a whole page. */
  readonly baseTemplate: string;
  /** The Twig namespace of `templateDir` when it is a bundle's `Resources/views` (`App` → `@App/base.html.twig`). */
  readonly templateNamespace?: string;
}

/** Writes a controller and its template; returns what to print. */
export function makeController(projectDir: string, paths: MakerPaths, name: string): string {
  const controller = className(name, 'Controller');
  const base = controller.slice(0, -'Controller'.length);
  const template = join(paths.templateDir, templateDirectory(controller), 'index.html.twig');
  const hasBase = existsSync(join(projectDir, paths.templateDir, paths.baseTemplate));
  const layout = paths.templateNamespace === undefined ? paths.baseTemplate : `@${paths.templateNamespace}/${paths.baseTemplate}`;
  const files = {
    [join(paths.controllerDir, `${kebabCase(controller)}.ts`)]: controllerSource({
      className: controller,
      path: `/${kebabCase(base)}`,
      routeName: `app_${templateDirectory(controller)}`,
      title: kebabCase(base).replaceAll('-', ' ').replace(/^./, (first) => first.toUpperCase()),
      template: `${paths.templateNamespace === undefined ? '' : `@${paths.templateNamespace}/`}${templateDirectory(controller)}/index.html.twig`,
    }),
    [template]: actionTemplate(controller, template, hasBase ? layout : undefined),
  };
  return `${writeNew(projectDir, files)}\n Next: add ${controller} to the controllers of your bundle's configure(), then open /${kebabCase(base)}.\n`;
}

/** Writes a kernel.response subscriber; returns what to print. */
export function makeSubscriber(projectDir: string, paths: MakerPaths, name: string): string {
  const subscriber = className(name, 'Subscriber');
  const files = { [join(paths.subscriberDir, `${kebabCase(subscriber)}.ts`)]: subscriberSource(subscriber) };
  return `${writeNew(projectDir, files)}\n Next: add new ${subscriber}() to the subscribers of your bundle's configure().\n`;
}

/** Writes the files, none of which may exist (checked for all before any is written). */
function writeNew(projectDir: string, files: Record<string, string>): string {
  for (const path of Object.keys(files)) {
    if (existsSync(join(projectDir, path))) throw new ScaffoldError('SLUICE_SCAFFOLD_FILE_EXISTS', { path });
  }
  let report = '';
  for (const [path, content] of Object.entries(files)) {
    const target = join(projectDir, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, content, { flag: 'wx' });
    report += ` created: ${path}\n`;
  }
  return report;
}
