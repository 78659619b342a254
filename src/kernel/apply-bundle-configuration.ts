import { loadRoutesFromControllers } from '../decorators/controller-route-loader.ts';
import type {} from '../templating-bundle/templating-bundle.ts';
import { bundleTemplateDirs } from '../templating-bundle/bundle-template-dirs.ts';
import type { Bundle } from './bundle.ts';
import type { BundleConfiguration, ControllerWithFactory } from './bundle-configuration.ts';
import type { ServiceMap } from './container.ts';
import type { Kernel } from './kernel.ts';

type ControllerType = ControllerWithFactory['class'];

/**
 * Registers what a bundle declared: services, then its controllers' routes (declaration
 * order) and registry entries, then its subscribers, then its commands. Returns the
 * controller classes, whose template namespace is set once every bundle is built (the
 * TemplatingBundle may come later in the list).
 */
export function applyBundleConfiguration(kernel: Kernel, configuration: BundleConfiguration): ControllerType[] {
  const { container } = kernel;
  for (const [id, factory] of Object.entries(configuration.services ?? {})) {
    container.factory(id as keyof ServiceMap & string, factory as never);
  }
  const declared: ControllerWithFactory[] = (configuration.controllers ?? []).map((each) => (typeof each === 'function' ? { class: each, factory: () => new each() } : each));
  const classes = declared.map((each) => each.class);
  if (classes.length > 0) kernel.routes.addCollection(loadRoutesFromControllers(classes));
  for (const each of declared) kernel.controllers.register(each.class.name, () => each.factory(container));
  for (const subscriber of configuration.subscribers ?? []) kernel.dispatcher.addSubscriber(subscriber);
  kernel.commands.push(...(configuration.commands ?? []));
  return classes;
}

/**
 * Gives each bundle's declared controllers the bundle's template namespace, when templates
 * are on and the bundle has templates (`Resources/views`, or the application's overrides
 * in `templates/bundles/<Bundle>`): a bundle without views has no namespace, and its
 * controllers' guessed templates are the application's own.
 */
export function registerTemplateNamespaces(kernel: Kernel, declared: ReadonlyMap<Bundle, readonly ControllerType[]>): void {
  const registry = kernel.container.find('templating.controller_bundles');
  if (registry === undefined) return;
  for (const [bundle, classes] of declared) {
    if (classes.length > 0 && bundleTemplateDirs(kernel.projectDir, bundle).length > 0) registry.register(bundle, ...classes);
  }
}
