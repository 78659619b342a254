import type { EventSubscriber, SubscribedEvents } from '../event-dispatcher/event-subscriber.ts';
import type { ControllerArgumentsEvent } from '../event/controller-arguments-event.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { argumentMetadataFor } from '../controller/argument-metadata.ts';
import { HttpException } from '../exception/http-exception.ts';
import { AccessDeniedException } from '../security/exception/access-denied-exception.ts';
import { LogicException } from '../security/exception/logic-exception.ts';
import { PendingUser } from '../security/argument/pending-user.ts';
import type { Security } from '../security/security.ts';

/** One `@IsGranted` declaration, as ControllerListener copies it into the `_is_granted` request attribute. */
export interface IsGrantedConfig {
  attributes: string | readonly string[];
  /** Names of controller arguments (or request attributes) whose values the voters decide about. */
  subject?: string | readonly string[] | undefined;
  message?: string | undefined;
  /** Refuse with this status instead of asking the client to log in (401/302) or answering 403. */
  statusCode?: number | undefined;
}

/** Security itself, or a getter, because the listener may be built before the SecurityBundle is. */
export type SecuritySource = Security | undefined | (() => Security | undefined);

/**
 * Enforces the controller's `@IsGranted` declarations once its arguments are known, so a
 * subject can be one of them. A refusal throws an AccessDeniedException, which goes
 * through kernel.exception as in the reference: the security ExceptionListener sends a
 * client not fully authenticated to the entry point (401 challenge or login redirect) and
 * lets a logged-in user's 403 reach the error page. It also puts the current user in place
 * of `user` arguments (see PendingUser). Requests without either stay synchronous and
 * never touch security.
 */
export class IsGrantedListener implements EventSubscriber {
  readonly #security: SecuritySource;

  constructor(security?: SecuritySource) {
    this.#security = security;
  }

  getSubscribedEvents(): SubscribedEvents {
    return { [KernelEvents.CONTROLLER_ARGUMENTS]: 'onKernelControllerArguments' };
  }

  onKernelControllerArguments(event: ControllerArgumentsEvent): void | Promise<void> {
    const configs = readConfigs(event.request.attributes.get('_is_granted'));
    if (configs.length === 0 && !event.arguments.some((arg) => arg instanceof PendingUser)) return;
    return this.#check(event, configs);
  }

  async #check(event: ControllerArgumentsEvent, configs: readonly IsGrantedConfig[]): Promise<void> {
    const security = typeof this.#security === 'function' ? this.#security() : this.#security;
    if (security === undefined) {
      throw new LogicException(configs.length > 0
        ? 'To use the @IsGranted tag, you need to install the security bundle and configure your security system.'
        : 'A "user" controller argument needs the SecurityBundle.');
    }
    const request = event.request;
    const missingUser = await settleUsers(event, security);
    for (const config of configs) {
      const list = typeof config.attributes === 'string' ? [config.attributes] : config.attributes;
      const subject = subjectOf(event, config.subject);
      if (await security.isGranted(request, list, subject)) continue;
      const message = config.message ?? `Access Denied by controller annotation @IsGranted(${declared(list, config.subject)})`;
      if (config.statusCode !== undefined) throw new HttpException(config.statusCode, message);
      throw new AccessDeniedException(message, list, subject);
    }
    if (missingUser !== undefined) throw new AccessDeniedException(`The controller argument "${missingUser}" needs an authenticated user.`);
  }
}

/** Puts the user in place of each PendingUser; returns the name of a required one left without. */
async function settleUsers(event: ControllerArgumentsEvent, security: Security): Promise<string | undefined> {
  if (!event.arguments.some((arg) => arg instanceof PendingUser)) return undefined;
  const user = await security.getUser(event.request);
  let missing: string | undefined;
  event.setArguments(event.arguments.map((arg) => {
    if (!(arg instanceof PendingUser)) return arg;
    if (user === undefined && !arg.optional) missing ??= arg.argumentName;
    return user ?? null;
  }));
  return missing;
}

/** The subject by name: a controller argument, else a request attribute; several names give an object. */
function subjectOf(event: ControllerArgumentsEvent, subject: string | readonly string[] | undefined): unknown {
  if (subject === undefined) return undefined;
  const named = new Map(Object.entries(event.request.attributes.all()));
  argumentMetadataFor(event.controller).forEach((metadata, i) => {
    named.set(metadata.name, metadata.isVariadic ? event.arguments.slice(i) : event.arguments[i]);
  });
  const valueOf = (name: string): unknown => {
    if (named.has(name)) return named.get(name);
    throw new LogicException(`Could not find the subject "${name}" for the @IsGranted annotation. Try adding a "${name}" argument to your controller method.`);
  };
  return typeof subject === 'string' ? valueOf(subject) : Object.fromEntries(subject.map((name) => [name, valueOf(name)]));
}

/** `"ROLE_ADMIN"`, `["ROLE_A", "ROLE_B"]`, `"EDIT", event`: the declaration as the message shows it. */
function declared(attributes: readonly string[], subject: string | readonly string[] | undefined): string {
  const quoted = attributes.map((attribute) => `"${attribute}"`);
  const text = quoted.length === 1 ? quoted[0]! : `[${quoted.join(', ')}]`;
  if (subject === undefined) return text;
  return `${text}, ${typeof subject === 'string' ? subject : `[${subject.join(', ')}]`}`;
}

function readConfigs(value: unknown): IsGrantedConfig[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.map((config: Partial<IsGrantedConfig> | null) => {
    const attributes = config?.attributes;
    if (typeof attributes !== 'string' && !(Array.isArray(attributes) && attributes.length > 0 && attributes.every((a) => typeof a === 'string'))) {
      throw new LogicException('An @IsGranted declaration needs "attributes": a string or a non-empty list of strings.');
    }
    return config as IsGrantedConfig;
  });
}
