/**
 * An HTTP method in upper case. node:http's methods already are, and `toUpperCase` makes
 * a new string even then, a cost visible in the kernel's profile of a simple request and
 * paid by each Request and each routing context made for one.
 */
export function upperCaseMethod(method: string): string {
  for (let i = 0; i < method.length; i++) {
    const code = method.charCodeAt(i);
    if ((code >= 97 && code <= 122) || code > 127) return method.toUpperCase();
  }
  return method;
}
