/** PACKAGE: a package was published (PackEvent's one subclass). */
import { webhookModule } from './common.js';

export const packageWebhooks = webhookModule({
  eventType: 'PACKAGE',
  tag: 'Package events',
  description:
    'Web hooks that select PACKAGE receive one event: a package was published to the project\'s package registry ' +
    '(by a build or a registry client such as docker, npm or Maven; the REST API cannot publish). Read the package ' +
    'with the Package group.',
  fields: {
    packId: { type: 'int64', description: 'Id of the package.' },
  },
  events: [
    {
      name: 'PackPublished',
      sent: 'A package (a container image, an npm, Maven, NuGet, PyPI, Helm or other package version) was published.',
      example: { projectId: 7, packId: 17 },
    },
  ],
});
