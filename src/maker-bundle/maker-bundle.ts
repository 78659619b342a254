import type { Command } from 'commander';
import { Bundle } from '../kernel/bundle.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { makeController, makeSubscriber, type MakerPaths } from './makers.ts';

export type MakerBundleOptions = Partial<MakerPaths>;

/**
 * Code generators for the console, as the reference's MakerBundle: `make:controller NAME`
 * (a controller with a route and its template) and `make:subscriber NAME` (a kernel.response
 * subscriber). They never overwrite a file. A dev bundle: it adds commands, no listener.
 */
export class MakerBundle extends Bundle {
  readonly #paths: MakerPaths;

  constructor(options: MakerBundleOptions = {}) {
    super();
    this.#paths = { controllerDir: 'src/controller', subscriberDir: 'src/event-subscriber', templateDir: 'templates', baseTemplate: 'base.html.twig', ...options };
  }

  override build(kernel: Kernel): void {
    kernel.commands.push((program: Command) => {
      program
        .command('make:controller')
        .description('write a controller class with one route, and its template')
        .argument('<name>', 'the class name, e.g. BlogPost or BlogPostController')
        .action((name: string) => {
          process.stdout.write(makeController(kernel.projectDir, this.#paths, name));
        });
      program
        .command('make:subscriber')
        .description('write an event subscriber listening to kernel.response')
        .argument('<name>', 'the class name, e.g. Audit or AuditSubscriber')
        .action((name: string) => {
          process.stdout.write(makeSubscriber(kernel.projectDir, this.#paths, name));
        });
    });
  }
}
