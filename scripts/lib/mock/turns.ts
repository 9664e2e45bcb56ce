/**
 * Turns of the event loop for requests that waited on a worker thread (for a validator or a
 * query parser). Many requests can wait on one delivery, and promise callbacks all run in one go:
 * resumed together, their cold first answers would hold up every other request for as long as
 * all of them take. Resumed one per turn instead, each lets the loop read the sockets between them.
 */
const waiting: Array<() => void> = [];
let scheduled = false;

function release(): void {
  scheduled = false;
  waiting.shift()?.();
  // Scheduled from within the check phase, the next release comes after a round of I/O.
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(release);
}

/** Resolves in a turn of the event loop of its own, after those asked for before it. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}
