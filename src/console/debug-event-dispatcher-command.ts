import type { Command } from 'commander';
import type { EventDispatcherInterface } from '../event-dispatcher/event-dispatcher-interface.ts';
import { listenerName } from '../event-dispatcher/listener.ts';
import type { Kernel } from '../kernel/kernel.ts';
import { processIO, type CommandIO } from './command-io.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { renderTable, title } from './table.ts';
import { SluiceError } from '../exception/sluice-error.ts';

interface ListenerView {
  order: number;
  listener: string;
  priority: number;
}

/** The kernel's events in the order a request meets them; kernel.exception after the happy path. */
const lifecycle: readonly string[] = [
  KernelEvents.REQUEST, KernelEvents.CONTROLLER, KernelEvents.CONTROLLER_ARGUMENTS, KernelEvents.VIEW,
  KernelEvents.RESPONSE, KernelEvents.FINISH_REQUEST, KernelEvents.TERMINATE, KernelEvents.EXCEPTION,
];

/**
 * `debug:event-dispatcher [event] [--format=txt|json]`: the listeners of one event, or of
 * every event, in call order with their priorities (the names the logs show).
 */
export function registerDebugEventDispatcherCommand(program: Command, kernelFor: (env: string | undefined) => Kernel, io: CommandIO = processIO): void {
  program
    .command('debug:event-dispatcher')
    .description('Displays the listeners of each event (or of one event) in the order they are called, with their priorities')
    .argument('[event]', 'an event name, e.g. kernel.request')
    .option('--format <format>', 'txt or json', 'txt')
    .option('--env <env>', 'the environment')
    .action((event: string | undefined, options: { format: string; env?: string }) => {
      if (options.format !== 'txt' && options.format !== 'json') throw new SluiceError('SLUICE_CONSOLE_UNKNOWN_FORMAT', { format: options.format });
      const kernel = kernelFor(options.env);
      kernel.boot();
      const dispatcher = kernel.dispatcher;
      const events = event === undefined ? eventsInOrder(dispatcher) : [event];
      const listeners = Object.fromEntries(events.map((name) => [name, listenersOf(dispatcher, name)]));
      if (options.format === 'json') {
        io.write(`${JSON.stringify(event === undefined ? listeners : listeners[event], null, 2)}\n`);
        return;
      }
      if (event !== undefined && listeners[event]!.length === 0) {
        io.write(` [WARNING] The event "${event}" does not have any registered listeners.\n`);
        return;
      }
      const out = event === undefined ? [title('Registered Listeners Grouped by Event')] : [title(`Registered Listeners for "${event}" Event`)];
      for (const name of events) {
        if (event === undefined) out.push(`"${name}" event\n${'-'.repeat(name.length + 8)}\n\n`);
        out.push(renderTable(['Order', 'Callable', 'Priority'], listeners[name]!.map((l) => [`#${l.order}`, l.listener, String(l.priority)])), '\n');
      }
      io.write(out.join(''));
    });
}

function listenersOf(dispatcher: EventDispatcherInterface, event: string): ListenerView[] {
  return dispatcher.getListeners(event).map((listener, i) => ({
    order: i + 1,
    listener: listenerName(listener),
    priority: dispatcher.getListenerPriority(event, listener) ?? 0,
  }));
}

function eventsInOrder(dispatcher: EventDispatcherInterface): string[] {
  const all = [...dispatcher.getAllListeners().keys()];
  return [...lifecycle.filter((name) => all.includes(name)), ...all.filter((name) => !lifecycle.includes(name)).sort()];
}
