import { afterEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorHandler } from './error-handler.ts';
import { triggerDeprecation } from './trigger-deprecation.ts';
import { DeprecationError } from './deprecation-error.ts';
import { DebugClassLoader, deprecateClass } from './debug-class-loader.ts';
import { LegacyDebug } from '../debug/debug.ts';
import { resetLegacyDebugClassLoaderNotice } from '../debug/debug-class-loader.ts';
import { DebugHandlersListener } from '../event-listener/debug-handlers-listener.ts';
import { RequestEvent } from '../event/request-event.ts';
import { Request } from '../http/request.ts';
import { RequestType } from '../kernel/request-type.ts';
import type { HttpKernelInterface } from '../kernel/http-kernel-interface.ts';

class Sink {
  readonly entries: Array<{ message: string; context?: Record<string, unknown> }> = [];
  info(message: string, context?: Record<string, unknown>): void { this.entries.push({ message, context }); }
}

const kernel: HttpKernelInterface = { handle: async () => { throw new Error('unused'); } };
const mainEvent = (): RequestEvent => new RequestEvent(kernel, Request.create('/'), RequestType.MAIN);

afterEach(() => {
  ErrorHandler.unregister();
  DebugClassLoader.disable();
  resetLegacyDebugClassLoaderNotice();
});

describe('Deprecations', () => {
  it('buffer while no logger is set, then replay as "User Deprecated: ..." with the error in context', () => {
    const handler = ErrorHandler.register();
    triggerDeprecation('acme/pkg', '1.2', 'Calling foo() is deprecated, use bar().');
    const sink = new Sink();
    handler.replayBootDeprecations(sink);
    assert.equal(sink.entries[0]!.message, 'User Deprecated: Calling foo() is deprecated, use bar().');
    const error = sink.entries[0]!.context!.exception as DeprecationError;
    assert.ok(error instanceof DeprecationError);
    assert.equal(error.message, 'User Deprecated: Calling foo() is deprecated, use bar().');
    assert.equal(error.package, 'acme/pkg');
    assert.equal(error.since, '1.2');
    assert.match(String(error.stack).split('\n')[1]!, /deprecations\.test\.ts/);
  });

  it('go straight to the logger once one is set', () => {
    const handler = ErrorHandler.register();
    const sink = new Sink();
    handler.setDefaultLogger(sink);
    triggerDeprecation('acme/pkg', '1.2', 'late');
    assert.deepEqual(sink.entries.map((e) => e.message), ['User Deprecated: late']);
  });

  it('become Node DeprecationWarnings when no handler is registered', async () => {
    const warning = new Promise<Error>((resolve) => process.once('warning', resolve));
    triggerDeprecation('acme/pkg', '2.0', 'old API');
    const seen = await warning;
    assert.equal(seen.name, 'DeprecationWarning');
    assert.equal(seen.message, 'old API');
  });

  it('legacy Debug.enable() registers the handler first, so its own class loader notice is caught', () => {
    const handler = LegacyDebug.enable();
    assert.deepEqual(handler.bootDeprecations, ['User Deprecated: The "debug/DebugClassLoader" class is deprecated since Sluice 4.4, use "error-handler/DebugClassLoader" instead.']);
    assert.equal(DebugClassLoader.enabled, true);
  });

  it('the DebugClassLoader reports classes extending a deprecated class, once', () => {
    const handler = ErrorHandler.register();
    class OldBase {}
    deprecateClass(OldBase, 'Extend NewBase instead.');
    class Child extends OldBase {}
    DebugClassLoader.enable();
    DebugClassLoader.checkClass(Child);
    DebugClassLoader.checkClass(Child);
    assert.deepEqual(handler.bootDeprecations, ['User Deprecated: The "Child" class extends "OldBase" that is deprecated. Extend NewBase instead.']);
  });

  it('DebugHandlersListener replays boot notices at the start of every main request in debug', () => {
    const handler = ErrorHandler.register();
    triggerDeprecation('sluice', '4.4', 'boot notice');
    const sink = new Sink();
    const listener = new DebugHandlersListener({ errorHandler: handler, logger: sink, replayEachRequest: true });
    listener.configure(mainEvent());
    listener.configure(mainEvent());
    listener.configure(new RequestEvent(kernel, Request.create('/'), RequestType.SUB));
    assert.deepEqual(sink.entries.map((e) => e.message), ['User Deprecated: boot notice', 'User Deprecated: boot notice']);
  });

  it('DebugHandlersListener writes boot notices once when not replaying each request (prod)', () => {
    const handler = ErrorHandler.register();
    triggerDeprecation('sluice', '4.4', 'boot notice');
    const sink = new Sink();
    const listener = new DebugHandlersListener({ errorHandler: handler, logger: sink, replayEachRequest: false });
    listener.configure(mainEvent());
    listener.configure(mainEvent());
    assert.equal(sink.entries.length, 1);
  });
});
