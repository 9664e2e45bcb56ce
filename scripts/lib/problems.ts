/** Catalogue mistakes are collected, then reported together; never a stack trace. */
export class CatalogueError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The catalogue has ${problems.length} problem(s):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

export class Problems {
  readonly list: string[] = [];
  add(message: string): void {
    this.list.push(message);
  }
  throwIfAny(): void {
    if (this.list.length > 0) throw new CatalogueError(this.list);
  }
}
