import { ScaffoldError } from './scaffold-error.ts';

/** `my-app` → `MyApp`, `blog_post` → `BlogPost`, `v2-shop` → `V2Shop`. */
export function pascalCase(name: string): string {
  return name
    .split(/[-_.]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** `BlogPost` → `blog-post`, `HTMLPage` → `html-page`: the project's kebab-case file names. */
export function kebabCase(className: string): string {
  return className.replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2').replace(/([a-z\d])([A-Z])/g, '$1-$2').toLowerCase();
}

/** `BlogPost` → `blog_post`: route names and template directories (the template guesser's form). */
export function snakeCase(className: string): string {
  return kebabCase(className).replaceAll('-', '_');
}

const CLASS_NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * The class a maker writes: `BlogPost` or `BlogPostController` both give
 * `BlogPostController` for the suffix `Controller`. Anything but a PascalCase name of
 * ASCII letters and digits is refused, before a file is written.
 */
export function className(name: string, suffix: string): string {
  if (!CLASS_NAME.test(name)) {
    throw new ScaffoldError('SLUICE_INVALID_CLASS_NAME', { name });
  }
  const base = name.endsWith(suffix) ? name.slice(0, -suffix.length) : name;
  if (base === '') throw new ScaffoldError('SLUICE_EMPTY_CLASS_NAME', { name, suffix });
  return `${base}${suffix}`;
}

/** The names of a new application, from its directory's name: an npm package name that makes a class name. */
export interface AppNames {
  /** `my-app`: the package's name. */
  readonly packageName: string;
  /** `MyApp`: the bundle is `MyAppBundle`. */
  readonly className: string;
  /** `my-app`: the bundle's file is `src/my-app-bundle.ts`. */
  readonly fileName: string;
}

const PACKAGE_NAME = /^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/;

export function appNames(directoryName: string): AppNames {
  if (!PACKAGE_NAME.test(directoryName) || directoryName.length > 214) {
    throw new ScaffoldError('SLUICE_INVALID_APP_NAME', { directoryName });
  }
  const name = pascalCase(directoryName);
  return { packageName: directoryName, className: name, fileName: kebabCase(name) };
}
