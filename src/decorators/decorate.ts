import type { Configuration } from './configuration.ts';
import { recordOnClass, recordOnMethod } from './metadata-store.ts';
import { SluiceError } from '../exception/sluice-error.ts';

/** A decorator usable on a class and on its public instance methods; it only records metadata. */
export type ClassOrMethodDecorator = (target: unknown, context: ClassDecoratorContext | ClassMethodDecoratorContext) => void;

/** A decorator for public instance methods. */
export type MethodDecorator = (target: Function, context: ClassMethodDecoratorContext) => void;

/**
 * The decorator recording `configuration` on whatever it decorates. `onMethod` receives
 * the decorated method, for declarations that also describe its parameters.
 */
export function recordingDecorator(name: string, configuration: Configuration, onMethod?: (method: Function) => void): ClassOrMethodDecorator {
  return (target, context) => {
    if (context.kind === 'class') {
      recordOnClass(context.metadata, configuration, 'first');
      return;
    }
    recordOnMethod(context.metadata, publicMethodName(name, context), configuration, 'first');
    onMethod?.(target as Function);
  };
}

/** The method's name, after checking the decorator is on a public instance method (JavaScript users get no type check). */
export function publicMethodName(decorator: string, context: DecoratorContext): string {
  if (context.kind !== 'method' || context.static || context.private || typeof context.name !== 'string') {
    const what = context.kind === 'method' ? `the ${context.static ? 'static' : 'private'} method "${String(context.name)}"` : `a ${context.kind}`;
    throw new SluiceError('SLUICE_DECORATOR_MISPLACED', { decorator, what });
  }
  return context.name;
}
