/** `npm run build`: writes every artifact under generated/ from the catalogue. */
import { writeArtifacts } from './lib/artifacts.js';
import { runCommand } from './lib/cli.js';

await runCommand(async () => {
  for (const { path, ms } of await writeArtifacts()) console.log(`wrote ${path} (${ms} ms)`);
});
