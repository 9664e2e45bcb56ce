/**
 * A kept query world as one caller's request sees it. The caller's name is read from the
 * credentials only when a query asks for it (`... me`): most never do, and decoding a Basic name
 * costs more than the rest of a kept query's answer.
 */
import type { Caller } from '../credentials.js';
import type { QueryWorld } from '../query/evaluate.js';

export class CallerWorld implements QueryWorld {
  constructor(
    private readonly base: QueryWorld,
    private readonly who: Caller,
  ) {}

  get caller(): string {
    return this.who.name;
  }

  get users(): QueryWorld['users'] {
    return this.base.users;
  }

  get projects(): QueryWorld['projects'] {
    return this.base.projects;
  }

  get labels(): QueryWorld['labels'] {
    return this.base.labels;
  }

  get states(): QueryWorld['states'] {
    return this.base.states;
  }

  get now(): QueryWorld['now'] {
    return this.base.now;
  }

  get builds(): QueryWorld['builds'] {
    return this.base.builds;
  }
}
