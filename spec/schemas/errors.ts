import type { SchemaTable } from '../model.js';

/**
 * Shapes of error answers that are not plain text. Until v13.0.7 Jersey's own validation mapper
 * answered a broken validation rule with a list of its ValidationError beans (the server sets
 * Jersey's send-errors-in-response property), written as JSON when the request prefers it.
 */
export const errorSchemas: SchemaTable = {
  ValidationViolation: {
    until: 'v13.0.7',
    kind: 'object',
    usage: 'response',
    description: 'One broken validation rule, as Jersey reports it when the request prefers JSON.',
    fields: {
      message: { type: 'string', description: 'The rule\'s message, e.g. `must not be empty`.' },
      messageTemplate: {
        type: 'string',
        description: 'The message before interpolation, e.g. `{javax.validation.constraints.NotEmpty.message}`.',
      },
      path: {
        type: 'string',
        description:
          'What broke the rule: the resource class, the Java method and the parameter (`arg` and its ' +
          'position), then the property path inside a body, e.g. `IssueResource.setTitle.arg1`.',
      },
      invalidValue: {
        type: 'string',
        nullable: true,
        description: 'The refused value as text; null when the value was null.',
      },
    },
  },
};
