import type { Kernel } from '../kernel/kernel.ts';
import { KernelEvents } from '../kernel/kernel-events.ts';
import { IsGrantedListener } from '../event-listener/is-granted-listener.ts';

/**
 * Adds IsGrantedListener to kernel.controller_arguments (priority 0) unless one is there
 * already, so the FrameworkExtraBundle, the SecurityBundle and tests may all call it and
 * the log still shows one `IsGrantedListener::onKernelControllerArguments`. Security is
 * looked up when a check runs, so the order in which bundles are built does not matter.
 */
export function registerIsGrantedListener(kernel: Kernel): IsGrantedListener {
  const dispatcher = kernel.dispatcher;
  for (const listener of dispatcher.getListeners(KernelEvents.CONTROLLER_ARGUMENTS)) {
    if (typeof listener !== 'function' && listener[0] instanceof IsGrantedListener) return listener[0];
  }
  const listener = new IsGrantedListener(() => kernel.container.find('security'));
  dispatcher.addSubscriber(listener);
  return listener;
}
