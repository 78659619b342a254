import type { TemplateConfiguration } from './configuration.ts';
import { recordingDecorator, type ClassOrMethodDecorator } from './decorate.ts';

/**
 * Declares that the controller's result is rendered with a template (TemplateListener):
 * `@Template()` guesses the name from the controller, `@Template('event/show.html.twig')`
 * names it, `@Template({ vars: ['event'], streamable: true })` sets the rest.
 */
export function Template(template?: string, options?: Omit<TemplateConfiguration, 'template'>): ClassOrMethodDecorator;
export function Template(options: TemplateConfiguration): ClassOrMethodDecorator;
export function Template(templateOrOptions?: string | TemplateConfiguration, options: Omit<TemplateConfiguration, 'template'> = {}): ClassOrMethodDecorator {
  return recordingDecorator('Template', { alias: 'template', value: templateConfiguration(templateOrOptions, options) });
}

export function templateConfiguration(templateOrOptions?: string | TemplateConfiguration, options: Omit<TemplateConfiguration, 'template'> = {}): TemplateConfiguration {
  if (typeof templateOrOptions === 'string') return Object.freeze({ ...options, template: templateOrOptions });
  return Object.freeze({ ...options, ...templateOrOptions });
}
