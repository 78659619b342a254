// The sources `sluice new`, make:controller and make:subscriber write. Each is a function
// of the names it needs, so the scaffold's home page and a generated controller are the
// same code.
import { snakeCase } from './class-name.ts';

export interface ControllerParts {
  /** `BlogPostController` */
  readonly className: string;
  /** `/blog-post` */
  readonly path: string;
  /** `app_blog_post` */
  readonly routeName: string;
  /** What the page says, for the template's variables. */
  readonly title: string;
  /** The template's name, as Twig finds it: `blog_post/index.html.twig`, `@App/venue/index.html.twig`. */
  readonly template: string;
}

/** A controller with one action, its route and its (guessed) template. */
export function controllerSource({ className, path, routeName, title, template }: ControllerParts): string {
  return `import { Route, Template } from 'sluice/decorators';

/** ${title}. */
export class ${className} {
  @Route(${quote(path)}, { name: ${quote(routeName)} })
  @Template(${quote(template)})
  index(): object {
    return { title: ${quote(title)} };
  }
}
`;
}

/** The guessed template's directory for a controller class: `BlogPostController` → `blog_post`. */
export function templateDirectory(controllerClass: string): string {
  return snakeCase(controllerClass.replace(/Controller$/, ''));
}

/** The Twig template of a generated controller's action. */
export function actionTemplate(className: string, path: string, base: string | undefined): string {
  const body = `<h1>{{ title }}</h1>\n<p>This page comes from <code>${className}::index</code>; change it in <code>${path}</code>.</p>\n`;
  if (base === undefined) {
    return `<!DOCTYPE html>\n<html>\n  <head><meta charset="UTF-8"><title>{{ title }}</title></head>\n  <body>\n${indent(body, 4)}  </body>\n</html>\n`;
  }
  return `{% extends '${base}' %}\n\n{% block title %}{{ title }}{% endblock %}\n\n{% block body %}\n${indent(body, 2)}{% endblock %}\n`;
}

/** A subscriber to kernel.response that does nothing yet, and says where to start. */
export function subscriberSource(className: string): string {
  return `import { KernelEvents, type EventSubscriber, type ResponseEvent, type SubscribedEvents } from 'sluice';

/** Listens to kernel.response; see the events guide for the other kernel events. */
export class ${className} implements EventSubscriber {
  // Typed with the class: an unknown event, or a method that does not take its event, fails to compile.
  getSubscribedEvents(): SubscribedEvents<${className}> {
    return { [KernelEvents.RESPONSE]: 'onKernelResponse' };
  }

  onKernelResponse(event: ResponseEvent): void {
    if (!event.isMainRequest()) return;
    // event.response is the response about to be sent: change its headers or content here.
  }
}
`;
}

/** A single-quoted TypeScript string. */
function quote(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

function indent(text: string, spaces: number): string {
  return text.replace(/^(?=.)/gm, ' '.repeat(spaces));
}
