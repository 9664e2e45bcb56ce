/**
 * `npx tsx scripts/replay.ts`: replays the recorded OneDev 16.5.6 transcript against a fresh
 * stateful mock (scripts/lib/transcript/replay.ts) and prints every difference, entry by entry,
 * marking those the exceptions table lists and their cause; exits 1 when any is not listed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/artifacts.js';
import { MockEngine } from './lib/mock/engine.js';
import { parseTranscript } from './lib/transcript/format.js';
import type { ExceptionTable } from './lib/transcript/replay-exceptions.js';
import { formatDifferences, replayPlan, replayReport } from './lib/transcript/replay.js';

const fixtures = join(ROOT, 'test/fixtures/real-server/v16.5.6');
const read = (file: string): string => readFileSync(join(fixtures, file), 'utf8');
const doc = JSON.parse(readFileSync(join(ROOT, 'generated/releases/v16.5.6/openapi.json'), 'utf8'));
const entries = parseTranscript(read('transcript.jsonl'), 'transcript.jsonl');
const table = JSON.parse(read('replay-exceptions.json')) as ExceptionTable;
const causeOf = new Map(table.groups.flatMap((g) => g.entries.map((e) => [e.line, g.cause] as const)));

const differences = await replayReport(entries, new MockEngine(doc, { stateful: true, fresh: true }), replayPlan(doc, JSON.parse(read('sent-as.json'))));
const marked = differences.map((d) => ({ ...d, what: `${d.what}  {${causeOf.get(d.line) ?? 'NOT LISTED'}}` }));
console.log(formatDifferences(marked));
const lines = new Set(differences.map((d) => d.line));
const unlisted = [...lines].filter((line) => !causeOf.has(line));
console.log(`\n${lines.size} of ${entries.length} entries differ; ${unlisted.length} not in replay-exceptions.json`);
process.exitCode = unlisted.length > 0 ? 1 : 0;
