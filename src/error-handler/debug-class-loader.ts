import { triggerDeprecation } from './trigger-deprecation.ts';

const deprecatedClasses = new WeakMap<Function, string>();
const checked = new WeakSet<Function>();

/**
 * Marks a class as deprecated. Classes that extend it are reported when the
 * DebugClassLoader checks them (at boot, for every registered controller, listener and
 * bundle), so the notice names the code that must change, not the framework.
 */
export function deprecateClass(ctor: Function, message: string): void {
  deprecatedClasses.set(ctor, message);
}

/**
 * Checks classes for use of deprecated parents, as the reference's DebugClassLoader does
 * on autoload. Node has no autoloader to hook, so the kernel passes each class it
 * registers through `checkClass` while the loader is enabled.
 */
export class DebugClassLoader {
  static #enabled = false;

  static enable(): void {
    DebugClassLoader.#enabled = true;
  }

  static disable(): void {
    DebugClassLoader.#enabled = false;
  }

  static get enabled(): boolean {
    return DebugClassLoader.#enabled;
  }

  /** Reports each deprecated ancestor of `ctor` once. Does nothing when disabled. */
  static checkClass(ctor: Function): void {
    if (!DebugClassLoader.#enabled || checked.has(ctor)) return;
    checked.add(ctor);
    for (let parent = Object.getPrototypeOf(ctor); typeof parent === 'function' && parent !== Function.prototype; parent = Object.getPrototypeOf(parent)) {
      const message = deprecatedClasses.get(parent);
      if (message !== undefined) {
        triggerDeprecation('sluice', '4.4', `The "${ctor.name}" class extends "${parent.name}" that is deprecated. ${message}`);
      }
    }
  }
}
