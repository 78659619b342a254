import type { Writable } from 'node:stream';
import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerEvent } from '../event/controller-event.ts';
import type { ViewEvent } from '../event/view-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { isThenable } from '../event-dispatcher/listener.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';
import type { Controller } from '../controller/controller.ts';
import type { Request } from '../http/request.ts';
import { Response } from '../http/response.ts';
import { StreamedResponse } from '../http/streamed-response.ts';
import type { TemplateEngine, TemplateVariables } from '../templating/template-engine.ts';
import type { TemplateGuesser } from '../templating/template-guesser.ts';
import { Priority } from './priorities.ts';

/** A `@Template` declaration, as ControllerListener copies it into the `_template` request attribute. */
export interface TemplateConfig {
  /** The template name; guessed from the controller when absent. */
  template?: string | undefined;
  /** Request attributes to pass when the controller returns nothing (default: its argument names). */
  vars?: readonly string[] | undefined;
  /** Send a StreamedResponse, rendered while it is sent. */
  streamable?: boolean | undefined;
}

interface Selection {
  readonly template: string;
  readonly vars: readonly string[] | undefined;
  readonly streamable: boolean;
  /** The controller whose arguments are the default variables. */
  readonly owner: Controller;
}

/**
 * Renders the template a controller declared with `@Template`. On kernel.controller
 * (last, so no listener can still replace the controller) it settles the template name;
 * on kernel.view it renders what the controller returned: an object gives the variables,
 * nothing (undefined or null) means the action's arguments, or the declared `vars`, taken
 * from the request attributes.
 */
export class TemplateListener implements EventSubscriber {
  readonly #engine: TemplateEngine | (() => TemplateEngine);
  readonly #guesser: TemplateGuesser | (() => TemplateGuesser);
  readonly #selections = new WeakMap<Request, Selection>();

  /** Both may be getters, for services built after the listener (`templating`, `templating.guesser`). */
  constructor(engine: TemplateEngine | (() => TemplateEngine), guesser: TemplateGuesser | (() => TemplateGuesser)) {
    this.#engine = engine;
    this.#guesser = guesser;
  }

  getSubscribedEvents(): SubscribedEvents {
    return {
      [KernelEvents.CONTROLLER]: ['onKernelController', Priority.TEMPLATE_CONTROLLER],
      [KernelEvents.VIEW]: 'onKernelView',
    };
  }

  onKernelController(event: ControllerEvent): void {
    const config = readConfig(event.request.attributes.get('_template'));
    if (config === undefined) return;
    const owner = event.controller;
    const guesser = typeof this.#guesser === 'function' ? this.#guesser() : this.#guesser;
    const template = config.template ?? guesser.guessTemplateName(owner, event.request);
    this.#selections.set(event.request, { template, vars: config.vars, streamable: config.streamable === true, owner });
  }

  onKernelView(event: ViewEvent): void | Promise<void> {
    const selection = this.#selections.get(event.request);
    if (selection === undefined) return;
    const result = event.controllerResult;
    let variables: TemplateVariables;
    if (result === undefined || result === null) variables = defaultVariables(event.request, selection);
    else if (typeof result === 'object' && !Array.isArray(result)) variables = result as TemplateVariables;
    else return; // a string or number is not variables: the kernel reports the controller's mistake
    const engine = typeof this.#engine === 'function' ? this.#engine() : this.#engine;
    const headers = { 'Content-Type': event.request.getMimeType(event.request.getRequestFormat() ?? 'html') ?? 'text/html' };
    if (selection.streamable) {
      event.setResponse(new StreamedResponse((out) => stream(engine, selection.template, variables, out), 200, headers));
      return;
    }
    const output = engine.render(selection.template, variables);
    if (!isThenable(output)) return event.setResponse(new Response(output, 200, headers));
    return Promise.resolve(output).then((html) => event.setResponse(new Response(html, 200, headers)));
  }
}

function defaultVariables(request: Request, selection: Selection): TemplateVariables {
  const names = selection.vars !== undefined && selection.vars.length > 0 ? selection.vars : argumentMetadataFor(selection.owner).map((argument) => argument.name);
  return Object.fromEntries(names.map((name) => [name, request.attributes.get(name)]));
}

/** Writes the parts as they come, waiting when the client reads slower than the template renders. */
async function stream(engine: TemplateEngine, template: string, variables: TemplateVariables, out: Writable): Promise<void> {
  if (engine.renderStream === undefined) {
    out.write(await engine.render(template, variables));
    return;
  }
  for await (const part of engine.renderStream(template, variables)) {
    if (!out.write(part)) await drained(out);
    if (out.destroyed) return; // the client went away: stop rendering for nobody
  }
}

function drained(out: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      out.off('drain', done);
      out.off('close', done);
      resolve();
    };
    out.on('drain', done);
    out.on('close', done);
  });
}

function readConfig(value: unknown): TemplateConfig | undefined {
  if (value === undefined || value === null || value === false) return undefined;
  if (typeof value === 'string') return { template: value };
  if (typeof value === 'object') return value as TemplateConfig;
  throw new TypeError(`The "_template" request attribute must be a @Template declaration or a template name, ${typeof value} given.`);
}
