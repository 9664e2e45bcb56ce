/** `npm run build`: writes every artifact under generated/ from the catalogue, for every supported release. */
import { writeArtifacts } from './lib/artifacts.js';
import { runCommand } from './lib/cli.js';

await runCommand(async () => {
  const { written, timings } = await writeArtifacts();
  for (const { step, release, ms } of timings) console.log(`${step}${release ? ` ${release}` : ''}: ${ms} ms`);
  console.log(`wrote ${written.length} files under generated/`);
});
