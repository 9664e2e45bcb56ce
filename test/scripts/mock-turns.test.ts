/**
 * Requests that waited on a worker resume one per turn of the event loop (scripts/lib/mock/turns.ts),
 * so that timers and sockets get their turn between them.
 */
import { describe, expect, it } from 'vitest';
import { nextTurn } from '../../scripts/lib/mock/turns.js';

/** Holds the thread for `ms`, as a cold first answer does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('turns for resumed requests', () => {
  it('lets a due timer run between two resumed requests', async () => {
    const order: string[] = [];
    const first = nextTurn().then(() => {
      order.push('first');
      setTimeout(() => order.push('timer'), 0);
      busy(5); // the timer is due before the loop comes round again
    });
    const second = nextTurn().then(() => order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'timer', 'second']);
  });

  it('resumes requests in the order they asked, each once', async () => {
    const order: number[] = [];
    await Promise.all(Array.from({ length: 20 }, (_, i) => nextTurn().then(() => order.push(i))));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
