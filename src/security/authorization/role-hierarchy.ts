/**
 * Roles that imply others: `{ ROLE_ADMIN: ['ROLE_USER'], ROLE_SUPER_ADMIN: ['ROLE_ADMIN'] }`
 * gives a super admin all three. The closure is computed once, at construction; cycles
 * are harmless.
 */
export class RoleHierarchy {
  readonly #reachable = new Map<string, ReadonlySet<string>>();

  constructor(hierarchy: Readonly<Record<string, readonly string[]>>) {
    for (const role of Object.keys(hierarchy)) {
      const seen = new Set<string>();
      const queue = [...(hierarchy[role] ?? [])];
      while (queue.length > 0) {
        const next = queue.shift()!;
        if (next === role || seen.has(next)) continue;
        seen.add(next);
        queue.push(...(hierarchy[next] ?? []));
      }
      this.#reachable.set(role, seen);
    }
  }

  /** The roles themselves and every role they imply, without duplicates. */
  getReachableRoleNames(roles: readonly string[]): string[] {
    const reachable = new Set(roles);
    for (const role of roles) for (const implied of this.#reachable.get(role) ?? []) reachable.add(implied);
    return [...reachable];
  }
}
