import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { TemplateListener } from '../event-listener/template-listener.ts';
import type { TemplateEngine } from '../templating/template-engine.ts';
import { TemplateGuesser } from '../templating/template-guesser.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/**
 * Adds TemplateListener (kernel.controller -128, kernel.view 0) unless one is there
 * already, so the FrameworkExtraBundle and the TemplatingBundle may both call it and the
 * log still shows one `TemplateListener::onKernelController`. The engine and guesser are
 * looked up when first needed, so bundle build order does not matter.
 */
export function registerTemplateListener(kernel: Kernel): TemplateListener {
  const dispatcher = kernel.dispatcher;
  for (const listener of dispatcher.getListeners(KernelEvents.CONTROLLER)) {
    if (typeof listener !== 'function' && listener[0] instanceof TemplateListener) return listener[0];
  }
  const { container } = kernel;
  const engine = (): TemplateEngine => {
    if (!container.has('templating')) throw new SluiceError('SLUICE_TEMPLATE_ENGINE_MISSING', {});
    return container.get('templating');
  };
  const listener = new TemplateListener(engine, () => container.find('templating.guesser') ?? new TemplateGuesser());
  dispatcher.addSubscriber(listener);
  return listener;
}
