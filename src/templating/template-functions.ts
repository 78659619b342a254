import { ReferenceType } from '../routing/reference-type.ts';
import type { AssetPackage } from './asset-package.ts';

export interface TemplateFunctionServices {
  /** The router's URL generator, with the current request's context. */
  generateUrl(name: string, parameters: Readonly<Record<string, unknown>>, referenceType: ReferenceType): string;
  assets: AssetPackage;
  /** A CSRF token for the current request's session. */
  csrfToken(id: string): Promise<string>;
}

/**
 * The functions an application's templates call, as in the reference's Twig bridge:
 * `path(name, params, relative?)`, `url(name, params, schemeRelative?)`, `asset(path)`,
 * `csrf_token(id)`.
 */
export function templateFunctions(services: TemplateFunctionServices): Record<string, (...args: never[]) => unknown> {
  return {
    path: (name: string, parameters: Record<string, unknown> = {}, relative = false) =>
      services.generateUrl(name, parameters, relative ? ReferenceType.RELATIVE_PATH : ReferenceType.ABSOLUTE_PATH),
    url: (name: string, parameters: Record<string, unknown> = {}, schemeRelative = false) =>
      services.generateUrl(name, parameters, schemeRelative ? ReferenceType.NETWORK_PATH : ReferenceType.ABSOLUTE_URL),
    asset: (path: string) => services.assets.getUrl(path),
    csrf_token: (id: string) => services.csrfToken(id),
  };
}
