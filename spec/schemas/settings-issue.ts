import type { Field, SchemaTable } from '../model.js';

/*
 * The issue setting area (GET/POST /settings/issue): GlobalIssueSetting and every bean nested in
 * it. Values whose Java type is abstract or an interface are families keyed by `@type` (the
 * simple class name). Several provider classes share a simple name across packages (e.g.
 * `SpecifiedDefaultValue` exists for text, date, choice, user ... fields), so their component
 * names carry the owning field type as a prefix while `@type` keeps the simple name. Entries and
 * properties that came or went after v11.11.0 carry the releases that have them.
 */

/** The projects a candidate default value is limited to. */
const defaultApplicableProjects: Field = {
  type: 'string',
  nullable: true,
  description:
    'Projects this default applies to: space-separated project paths, where `**`, `*` and `?` ' +
    'are path wildcards and a leading `-` excludes. Null means every project.',
};

// ---------------------------------------------------------------------------------------------
// Show condition of a field (ShowCondition and its ValueMatcher family)
// ---------------------------------------------------------------------------------------------

const showConditionSchemas: SchemaTable = {
  ShowCondition: {
    kind: 'object',
    description:
      'Makes a custom field visible only when another field of the issue holds certain values.',
    fields: {
      inputName: {
        type: 'string',
        description: 'Name of the other custom field whose value decides visibility.',
      },
      valueMatcher: {
        type: { ref: 'ValueMatcher' },
        description: 'The test applied to the value of the field named by `inputName`.',
      },
    },
  },
  ValueMatcher: {
    kind: 'family',
    description: 'How the value of the controlling field is tested, chosen by `@type`.',
    discriminator: '@type',
    members: ['ValueIsOneOf', 'ValueIsNotAnyOf', 'ValueIsNotEmpty', 'ValueIsEmpty'],
  },
  ValueIsOneOf: {
    kind: 'object',
    description: 'Matches when the controlling field has at least one of the listed values.',
    discriminator: { property: '@type', value: 'ValueIsOneOf' },
    fields: {
      values: {
        type: { array: 'string' },
        description: 'Values to look for; at least one is expected.',
      },
    },
  },
  ValueIsNotAnyOf: {
    kind: 'object',
    description: 'Matches when the controlling field has none of the listed values.',
    discriminator: { property: '@type', value: 'ValueIsNotAnyOf' },
    fields: {
      values: {
        type: { array: 'string' },
        description: 'Values that must all be absent; at least one is expected.',
      },
    },
  },
  ValueIsNotEmpty: {
    kind: 'object',
    description: 'Matches when the controlling field has a value.',
    discriminator: { property: '@type', value: 'ValueIsNotEmpty' },
    fields: {},
  },
  ValueIsEmpty: {
    kind: 'object',
    description: 'Matches when the controlling field has no value.',
    discriminator: { property: '@type', value: 'ValueIsEmpty' },
    fields: {},
  },
};

// ---------------------------------------------------------------------------------------------
// Custom issue fields (FieldSpec family)
// ---------------------------------------------------------------------------------------------

/** Fields every custom field type has (InputSpec + FieldSpec). */
const fieldSpecBase: Record<string, Field> = {
  name: {
    type: 'string',
    description: 'Name of the field, unique among the custom fields; issue queries refer to it by this name.',
  },
  description: {
    type: 'string',
    nullable: true,
    description: 'Optional help text shown with the field (HTML allowed). Null when there is none.',
  },
  allowMultiple: {
    type: 'boolean',
    description:
      'Whether the field holds a list of values. Only meaningful for field types that support several values.',
  },
  showCondition: {
    type: { ref: 'ShowCondition' },
    nullable: true,
    description: 'When set, the field is shown only if another field matches; null means always shown.',
  },
  allowEmpty: {
    type: 'boolean',
    description: 'Whether the field may be left without a value.',
  },
  nameOfEmptyValue: {
    type: 'string',
    nullable: true,
    description:
      'Text displayed for an empty value (e.g. `Not assigned`); used when `allowEmpty` is true, otherwise usually null.',
  },
  promptUponIssueOpen: {
    type: 'boolean',
    description:
      'Whether the field is asked for when an issue is opened. When false, it is typically filled later by a transition that prompts for it.',
  },
  applicableProjects: {
    type: 'string',
    nullable: true,
    description:
      'Projects in which `promptUponIssueOpen` applies: space-separated project paths with `**`, `*`, `?` ' +
      'wildcards and `-` to exclude. Null means every project.',
  },
};

const fieldMembers = [
  'TextField',
  'ChoiceField',
  'UserChoiceField',
  'GroupChoiceField',
  'BooleanField',
  'IntegerField',
  'FloatField',
  'SecretField',
  'DateField',
  'DateTimeField',
  'PullRequestChoiceField',
  'IssueChoiceField',
  'IterationChoiceField',
  'BuildChoiceField',
  'CommitField',
] as const;

const fieldSpecSchemas: SchemaTable = {
  FieldSpec: {
    kind: 'family',
    description:
      'A custom issue field. `@type` names the kind of value it holds (text, choice, user, date, ...).',
    discriminator: '@type',
    members: fieldMembers,
  },
  TextField: {
    kind: 'object',
    description: 'A custom field holding free text.',
    discriminator: { property: '@type', value: 'TextField' },
    fields: {
      ...fieldSpecBase,
      multiline: { type: 'boolean', description: 'Whether the text is edited in a multi-line box.' },
      pattern: {
        type: 'string',
        nullable: true,
        description: 'Optional regular expression the text must match; null for no check.',
      },
      defaultValueProvider: {
        type: { ref: 'TextFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default text comes from; null for no default.',
      },
    },
  },
  ChoiceField: {
    kind: 'object',
    description: 'A custom field whose values are picked from a list of choices (an enumeration).',
    discriminator: { property: '@type', value: 'ChoiceField' },
    fields: {
      ...fieldSpecBase,
      choiceProvider: {
        type: { ref: 'ChoiceFieldChoiceProvider' },
        description: 'Where the available choices come from.',
      },
      defaultValueProvider: {
        type: { ref: 'ChoiceFieldDefaultValueProvider' },
        nullable: true,
        description: 'Default choice of a single-valued field; null for no default.',
      },
      defaultMultiValueProvider: {
        type: { ref: 'ChoiceFieldDefaultMultiValueProvider' },
        nullable: true,
        description: 'Default choices of a multi-valued field (`allowMultiple`); null for no default.',
      },
    },
  },
  UserChoiceField: {
    kind: 'object',
    description: 'A custom field holding one or more users (e.g. assignees), by login name.',
    discriminator: { property: '@type', value: 'UserChoiceField' },
    fields: {
      ...fieldSpecBase,
      choiceProvider: {
        type: { ref: 'UserChoiceFieldChoiceProvider' },
        description: 'Which users may be picked.',
      },
      defaultValueProvider: {
        type: { ref: 'UserChoiceFieldDefaultValueProvider' },
        nullable: true,
        description: 'Default user of a single-valued field; null for no default.',
      },
      defaultMultiValueProvider: {
        type: { ref: 'UserChoiceFieldDefaultMultiValueProvider' },
        nullable: true,
        description: 'Default users of a multi-valued field (`allowMultiple`); null for no default.',
      },
    },
  },
  GroupChoiceField: {
    kind: 'object',
    description: 'A custom field holding a group, by name.',
    discriminator: { property: '@type', value: 'GroupChoiceField' },
    fields: {
      ...fieldSpecBase,
      choiceProvider: {
        type: { ref: 'GroupChoiceFieldChoiceProvider' },
        description: 'Which groups may be picked.',
      },
      defaultValueProvider: {
        type: { ref: 'GroupChoiceFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default group comes from; null for no default.',
      },
      editEstimatedTime: {
        type: 'boolean',
        description:
          'Whether members of the group held by this field may edit the estimated time of the issue when time tracking is on.',
      },
    },
  },
  BooleanField: {
    kind: 'object',
    description: 'A custom field holding true or false (a checkbox).',
    discriminator: { property: '@type', value: 'BooleanField' },
    fields: {
      ...fieldSpecBase,
      defaultValueProvider: {
        type: { ref: 'BooleanFieldDefaultValueProvider' },
        description: 'Where the default comes from; always set (false unless configured otherwise).',
      },
    },
  },
  IntegerField: {
    kind: 'object',
    description: 'A custom field holding a whole number.',
    discriminator: { property: '@type', value: 'IntegerField' },
    fields: {
      ...fieldSpecBase,
      minValue: { type: 'int32', nullable: true, description: 'Smallest accepted value; null for no lower bound.' },
      maxValue: { type: 'int32', nullable: true, description: 'Largest accepted value; null for no upper bound.' },
      defaultValueProvider: {
        type: { ref: 'IntegerFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default number comes from; null for no default.',
      },
    },
  },
  FloatField: {
    kind: 'object',
    description: 'A custom field holding a decimal number.',
    discriminator: { property: '@type', value: 'FloatField' },
    fields: {
      ...fieldSpecBase,
      defaultValueProvider: {
        type: { ref: 'FloatFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default number comes from; null for no default.',
      },
    },
  },
  SecretField: {
    kind: 'object',
    description: 'A custom field holding a secret value that is masked when displayed.',
    discriminator: { property: '@type', value: 'SecretField' },
    fields: { ...fieldSpecBase },
  },
  DateField: {
    kind: 'object',
    description: 'A custom field holding a calendar date.',
    discriminator: { property: '@type', value: 'DateField' },
    fields: {
      ...fieldSpecBase,
      defaultValueProvider: {
        type: { ref: 'DateFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default date comes from; null for no default.',
      },
    },
  },
  DateTimeField: {
    kind: 'object',
    description: 'A custom field holding a date with a time of day.',
    discriminator: { property: '@type', value: 'DateTimeField' },
    fields: {
      ...fieldSpecBase,
      defaultValueProvider: {
        type: { ref: 'DateTimeFieldDefaultValueProvider' },
        nullable: true,
        description: 'Where the default date and time come from; null for no default.',
      },
    },
  },
  PullRequestChoiceField: {
    kind: 'object',
    description: 'A custom field referring to a pull request.',
    discriminator: { property: '@type', value: 'PullRequestChoiceField' },
    fields: { ...fieldSpecBase },
  },
  IssueChoiceField: {
    kind: 'object',
    description: 'A custom field referring to another issue.',
    discriminator: { property: '@type', value: 'IssueChoiceField' },
    fields: { ...fieldSpecBase },
  },
  IterationChoiceField: {
    kind: 'object',
    description: 'A custom field referring to an iteration.',
    discriminator: { property: '@type', value: 'IterationChoiceField' },
    fields: { ...fieldSpecBase },
  },
  BuildChoiceField: {
    kind: 'object',
    description: 'A custom field referring to a build.',
    discriminator: { property: '@type', value: 'BuildChoiceField' },
    fields: { ...fieldSpecBase },
  },
  CommitField: {
    kind: 'object',
    description: 'A custom field referring to a commit by its hash.',
    discriminator: { property: '@type', value: 'CommitField' },
    fields: { ...fieldSpecBase },
  },

  // --- TextField defaults
  TextFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a text field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['TextFieldSpecifiedDefaultValue', 'TextFieldScriptingDefaultValue'],
  },
  TextFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for a text field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'string', description: 'The default text.' },
    },
  },
  TextFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for a text field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a string.',
      },
    },
  },
  // --- IntegerField defaults
  IntegerFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of an integer field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['IntegerFieldSpecifiedDefaultValue', 'IntegerFieldScriptingDefaultValue'],
  },
  IntegerFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for an integer field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'int32', description: 'The default number.' },
    },
  },
  IntegerFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for an integer field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return an integer.',
      },
    },
  },
  // --- FloatField defaults
  FloatFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a decimal field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['FloatFieldSpecifiedDefaultValue', 'FloatFieldScriptingDefaultValue'],
  },
  FloatFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for a decimal field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'number', description: 'The default number (single precision).' },
    },
  },
  FloatFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for a decimal field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a floating point number.',
      },
    },
  },
  // --- DateField defaults
  DateFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a date field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['DateFieldSpecifiedDefaultValue', 'DateFieldScriptingDefaultValue'],
  },
  DateFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for a date field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'date-time', description: 'The default date, as an ISO 8601 timestamp whose day is used.' },
    },
  },
  DateFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for a date field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a date.',
      },
    },
  },
  // --- DateTimeField defaults
  DateTimeFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a date-time field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['DateTimeFieldSpecifiedDefaultValue', 'DateTimeFieldScriptingDefaultValue'],
  },
  DateTimeFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for a date-time field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'date-time', description: 'The default date and time.' },
    },
  },
  DateTimeFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for a date-time field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a date.',
      },
    },
  },
  // --- GroupChoiceField defaults
  GroupChoiceFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a group field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['GroupChoiceFieldSpecifiedDefaultValue', 'GroupChoiceFieldScriptingDefaultValue'],
  },
  GroupChoiceFieldSpecifiedDefaultValue: {
    kind: 'object',
    description: 'A fixed default value for a group field.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      value: { type: 'string', description: 'Name of the default group.' },
    },
  },
  GroupChoiceFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'A default value for a group field computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a group name.',
      },
    },
  },

  // --- BooleanField defaults
  BooleanFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default value of a checkbox field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['BooleanFieldTrueDefaultValue', 'BooleanFieldFalseDefaultValue', 'BooleanFieldScriptingDefaultValue'],
  },
  BooleanFieldTrueDefaultValue: {
    kind: 'object',
    description: 'The checkbox defaults to true.',
    discriminator: { property: '@type', value: 'TrueDefaultValue' },
    fields: {},
  },
  BooleanFieldFalseDefaultValue: {
    kind: 'object',
    description: 'The checkbox defaults to false.',
    discriminator: { property: '@type', value: 'FalseDefaultValue' },
    fields: {},
  },
  BooleanFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'The checkbox default is computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: { scriptName: {
      type: 'string',
      description:
        'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
        'when the value is needed and must return a boolean.',
    } },
  },

  // --- GroupChoiceField choices
  GroupChoiceFieldChoiceProvider: {
    kind: 'family',
    description: 'Which groups a group field offers, chosen by `@type`.',
    discriminator: '@type',
    members: ['GroupChoiceFieldAllGroups', 'GroupChoiceFieldScriptingChoices'],
  },
  GroupChoiceFieldAllGroups: {
    kind: 'object',
    description: 'Every group of the server may be picked.',
    discriminator: { property: '@type', value: 'AllGroups' },
    fields: {},
  },
  GroupChoiceFieldScriptingChoices: {
    kind: 'object',
    description: 'The groups offered are computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingChoices' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a list of group names.',
      },
    },
  },

  // --- UserChoiceField choices and defaults
  UserChoiceFieldChoiceProvider: {
    kind: 'family',
    description: 'Which users a user field offers, chosen by `@type`.',
    discriminator: '@type',
    members: ['UserChoiceFieldAllUsers', 'UserChoiceFieldScriptingChoices'],
  },
  UserChoiceFieldAllUsers: {
    kind: 'object',
    description: 'Every user of the server may be picked.',
    discriminator: { property: '@type', value: 'AllUsers' },
    fields: {},
  },
  UserChoiceFieldScriptingChoices: {
    kind: 'object',
    description: 'The users offered are computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingChoices' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a list of user login names.',
      },
    },
  },
  UserChoiceFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default user of a single-valued user field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['UserChoiceFieldSpecifiedDefaultValue', 'UserChoiceFieldScriptingDefaultValue'],
  },
  UserChoiceFieldSpecifiedDefaultValue: {
    kind: 'object',
    description:
      'Fixed default users, each possibly limited to some projects; the first entry that applies to ' +
      'the project wins.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      defaultValues: {
        type: { array: { ref: 'UserChoiceFieldDefaultValue' } },
        description: 'Candidate defaults in order of precedence; at least one is expected.',
      },
    },
  },
  UserChoiceFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'The default user is computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: { scriptName: {
      type: 'string',
      description:
        'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
        'when the value is needed and must return a user login name.',
    } },
  },
  UserChoiceFieldDefaultValue: {
    kind: 'object',
    description: 'One candidate default user and the projects it applies to.',
    fields: {
      value: { type: 'string', description: 'Login name of the default user.' },
      applicableProjects: defaultApplicableProjects,
    },
  },
  UserChoiceFieldDefaultMultiValueProvider: {
    kind: 'family',
    description: 'Where the default users of a multi-valued user field come from, chosen by `@type`.',
    discriminator: '@type',
    members: ['UserChoiceFieldSpecifiedDefaultMultiValue', 'UserChoiceFieldScriptingDefaultMultiValue'],
  },
  UserChoiceFieldSpecifiedDefaultMultiValue: {
    kind: 'object',
    description:
      'Fixed default user lists, each possibly limited to some projects; the first entry that ' +
      'applies to the project wins.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultMultiValue' },
    fields: {
      defaultValues: {
        type: { array: { ref: 'UserChoiceFieldDefaultMultiValue' } },
        description: 'Candidate defaults in order of precedence; at least one is expected.',
      },
    },
  },
  UserChoiceFieldScriptingDefaultMultiValue: {
    kind: 'object',
    description: 'The default users are computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultMultiValue' },
    fields: { scriptName: {
      type: 'string',
      description:
        'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
        'when the value is needed and must return a list of user login names.',
    } },
  },
  UserChoiceFieldDefaultMultiValue: {
    kind: 'object',
    description: 'One candidate list of default users and the projects it applies to.',
    fields: {
      value: { type: { array: 'string' }, description: 'Login names of the default users; not empty.' },
      applicableProjects: defaultApplicableProjects,
    },
  },

  // --- ChoiceField choices and defaults
  ChoiceFieldChoiceProvider: {
    kind: 'family',
    description: 'Where the choices of an enumeration field come from, chosen by `@type`.',
    discriminator: '@type',
    members: ['ChoiceFieldSpecifiedChoices', 'ChoiceFieldScriptingChoices'],
  },
  ChoiceFieldSpecifiedChoices: {
    kind: 'object',
    description: 'A fixed list of choices, in display order.',
    discriminator: { property: '@type', value: 'SpecifiedChoices' },
    fields: {
      choices: {
        type: { array: { ref: 'ChoiceFieldChoice' } },
        description: 'The choices; values must be unique.',
      },
    },
  },
  ChoiceFieldScriptingChoices: {
    kind: 'object',
    description: 'The choices are computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingChoices' },
    fields: {
      scriptName: {
        type: 'string',
        description:
          'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
          'when the value is needed and must return a list of choice values, or a map from choice ' +
          'values to colors.',
      },
    },
  },
  ChoiceFieldChoice: {
    kind: 'object',
    description: 'One choice of an enumeration field.',
    fields: {
      value: { type: 'string', description: 'The choice as stored on issues and used in queries.' },
      color: {
        type: 'string',
        description: 'Display color of the choice as a CSS hex color, e.g. `#F64E60`.',
      },
      applicableProjects: {
        type: 'string',
        nullable: true,
        description:
          'Projects this choice applies to: space-separated project paths, where `**`, `*` and `?` ' +
          'are path wildcards and a leading `-` excludes. Null means every project.',
      },
    },
  },
  ChoiceFieldDefaultValueProvider: {
    kind: 'family',
    description: 'Where the default choice of a single-valued enumeration field comes from, chosen by `@type`.',
    discriminator: '@type',
    members: ['ChoiceFieldSpecifiedDefaultValue', 'ChoiceFieldScriptingDefaultValue'],
  },
  ChoiceFieldSpecifiedDefaultValue: {
    kind: 'object',
    description:
      'Fixed default choices, each possibly limited to some projects; the first entry that applies ' +
      'to the project wins.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultValue' },
    fields: {
      defaultValues: {
        type: { array: { ref: 'ChoiceFieldDefaultValue' } },
        description: 'Candidate defaults in order of precedence; at least one is expected.',
      },
    },
  },
  ChoiceFieldScriptingDefaultValue: {
    kind: 'object',
    description: 'The default choice is computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultValue' },
    fields: { scriptName: {
      type: 'string',
      description:
        'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
        'when the value is needed and must return one of the choice values.',
    } },
  },
  ChoiceFieldDefaultValue: {
    kind: 'object',
    description: 'One candidate default choice and the projects it applies to.',
    fields: {
      value: { type: 'string', description: 'The default choice value.' },
      applicableProjects: defaultApplicableProjects,
    },
  },
  ChoiceFieldDefaultMultiValueProvider: {
    kind: 'family',
    description: 'Where the default choices of a multi-valued enumeration field come from, chosen by `@type`.',
    discriminator: '@type',
    members: ['ChoiceFieldSpecifiedDefaultMultiValue', 'ChoiceFieldScriptingDefaultMultiValue'],
  },
  ChoiceFieldSpecifiedDefaultMultiValue: {
    kind: 'object',
    description:
      'Fixed default choice lists, each possibly limited to some projects; the first entry that ' +
      'applies to the project wins.',
    discriminator: { property: '@type', value: 'SpecifiedDefaultMultiValue' },
    fields: {
      defaultValues: {
        type: { array: { ref: 'ChoiceFieldDefaultMultiValue' } },
        description: 'Candidate defaults in order of precedence; at least one is expected.',
      },
    },
  },
  ChoiceFieldScriptingDefaultMultiValue: {
    kind: 'object',
    description: 'The default choices are computed by a Groovy script.',
    discriminator: { property: '@type', value: 'ScriptingDefaultMultiValue' },
    fields: { scriptName: {
      type: 'string',
      description:
        'Name of a Groovy script defined in the administration\'s groovy scripts; the script is run ' +
        'when the value is needed and must return a list of choice values.',
    } },
  },
  ChoiceFieldDefaultMultiValue: {
    kind: 'object',
    description: 'One candidate list of default choices and the projects it applies to.',
    fields: {
      value: { type: { array: 'string' }, description: 'The default choice values; not empty.' },
      applicableProjects: defaultApplicableProjects,
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Workflow: states and transitions (TransitionSpec family)
// ---------------------------------------------------------------------------------------------

const transitionBase: Record<string, Field> = {
  fromStates: {
    type: { array: 'string' },
    description: 'States the transition starts from; an empty list means any state.',
  },
  issueQuery: {
    type: 'string',
    nullable: true,
    description:
      'Optional issue query (without ordering) limiting which issues the transition applies to; null for all issues.',
  },
  removeFields: {
    type: { array: 'string' },
    description: 'Custom fields to clear when the transition happens; may be empty.',
  },
};

const autoBase: Record<string, Field> = {
  ...transitionBase,
  toState: { type: 'string', description: 'State the issue is moved to when the trigger fires.' },
};

/** The branch filter of the pull-request triggers. */
const pullRequestBranches: Field = {
  type: 'string',
  nullable: true,
  description:
    'Space-separated target branches of the pull request the trigger applies to, with `**`, `*`, ' +
    '`?` path wildcards and a leading `-` to exclude; null for any branch.',
};

const transitionSchemas: SchemaTable = {
  StateSpec: {
    kind: 'object',
    description: 'One issue state. The first state in the list is the state new issues start in.',
    fields: {
      name: { type: 'string', description: 'Name of the state, unique among states (e.g. `Open`).' },
      description: { type: 'string', nullable: true, description: 'Optional explanation of the state; null when none.' },
      color: { type: 'string', description: 'Display color as a CSS hex color, e.g. `#FFA800`.' },
    },
  },
  TransitionSpec: {
    kind: 'family',
    description:
      'A rule that moves issues between states, either by a button users press or automatically on an event; `@type` names the trigger.',
    discriminator: '@type',
    members: [
      'ManualSpec',
      'PullRequestOpenedSpec',
      'PullRequestOpenedOrUpdatedSpec',
      'PullRequestMergedSpec',
      'PullRequestDiscardedSpec',
      'BuildSuccessfulSpec',
      'BranchUpdatedSpec',
      'BranchCreatedSpec',
      'IssueStateTransitedSpec',
      'NoActivitySpec',
    ],
  },
  ManualSpec: {
    kind: 'object',
    description: 'A transition users trigger by hand from the issue page.',
    discriminator: { property: '@type', value: 'ManualSpec' },
    fields: {
      ...transitionBase,
      toStates: {
        type: { array: 'string' },
        description: 'States the user may move the issue to; an empty list means any state.',
      },
      authorizedRoles: {
        type: { array: 'string' },
        description:
          'Who may trigger it: role names, `<Issue Submitter>` for the person who opened the issue, or ' +
          '`{Field Name}` for the users or group held by that custom field. An empty list allows every user.',
      },
      promptFields: {
        type: { array: 'string' },
        description: 'Custom fields the user is asked to fill in when triggering the transition; may be empty.',
      },
    },
  },
  PullRequestOpenedSpec: {
    until: 'v15.1.0',
    kind: 'object',
    description: 'Fires when a pull request fixing the issue is opened.',
    discriminator: { property: '@type', value: 'PullRequestOpenedSpec' },
    fields: { ...autoBase, branches: pullRequestBranches },
  },
  PullRequestOpenedOrUpdatedSpec: {
    since: 'v15.1.0',
    kind: 'object',
    description:
      'Fires when a pull request fixing the issue is opened or gets new commits. It took over from ' +
      '`PullRequestOpenedSpec`, and stored rules of that type were converted.',
    discriminator: { property: '@type', value: 'PullRequestOpenedOrUpdatedSpec' },
    fields: { ...autoBase, branches: pullRequestBranches },
  },
  PullRequestMergedSpec: {
    kind: 'object',
    description: 'Fires when a pull request fixing the issue is merged.',
    discriminator: { property: '@type', value: 'PullRequestMergedSpec' },
    fields: { ...autoBase, branches: pullRequestBranches },
  },
  PullRequestDiscardedSpec: {
    kind: 'object',
    description: 'Fires when a pull request fixing the issue is discarded.',
    discriminator: { property: '@type', value: 'PullRequestDiscardedSpec' },
    fields: { ...autoBase, branches: pullRequestBranches },
  },
  BuildSuccessfulSpec: {
    kind: 'object',
    description: 'Fires when a build fixing the issue succeeds.',
    discriminator: { property: '@type', value: 'BuildSuccessfulSpec' },
    fields: {
      ...autoBase,
      jobNames: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated job names the trigger applies to, with `*` and `?` wildcards and a leading `-` to exclude; null for any job.',
      },
      branches: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated branches of the build the trigger applies to, with `**`, `*`, `?` path ' +
          'wildcards and a leading `-` to exclude; null for any branch.',
      },
    },
  },
  BranchUpdatedSpec: {
    kind: 'object',
    description: 'Fires when a commit fixing the issue lands on a branch.',
    discriminator: { property: '@type', value: 'BranchUpdatedSpec' },
    fields: {
      ...autoBase,
      branches: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated branches the trigger applies to, with `**`, `*`, `?` path wildcards and a ' +
          'leading `-` to exclude; null for any branch.',
      },
      commitMessages: {
        since: 'v12.0.5',
        type: 'string',
        nullable: true,
        description:
          'Space-separated commit messages the trigger applies to, with `*` and `?` wildcards and a ' +
          'leading `-` to exclude; null for any message.',
      },
    },
  },
  BranchCreatedSpec: {
    since: 'v15.1.0',
    kind: 'object',
    description:
      'Fires when a branch is created; the issues matching `issueQuery` are then transited. A new ' +
      'rule starts with a query selecting the issue whose number appears in the branch name.',
    discriminator: { property: '@type', value: 'BranchCreatedSpec' },
    fields: {
      ...autoBase,
      branches: {
        type: 'string',
        nullable: true,
        description:
          'Space-separated new branches the trigger applies to, with `**`, `*`, `?` path wildcards ' +
          'and a leading `-` to exclude; null for any branch.',
      },
    },
  },
  IssueStateTransitedSpec: {
    kind: 'object',
    description:
      'Fires when some issue changes state; the issues matching `issueQuery`, where `current issue` ' +
      'stands for the issue that moved, are then transited.',
    discriminator: { property: '@type', value: 'IssueStateTransitedSpec' },
    fields: {
      ...autoBase,
      states: {
        until: 'v13.0.0',
        type: { array: 'string' },
        description: 'Only moves into these states fire the trigger; at least one is expected.',
      },
    },
  },
  NoActivitySpec: {
    kind: 'object',
    description: 'Fires when an issue has had no activity for a number of days.',
    discriminator: { property: '@type', value: 'NoActivitySpec' },
    fields: {
      ...autoBase,
      days: { type: 'int32', description: 'Days without activity before the issue is moved; at least 1.', constraints: { minimum: 1 } },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// Boards, queries, templates, time tracking, commit patterns
// ---------------------------------------------------------------------------------------------

const otherSchemas: SchemaTable = {
  BoardSpec: {
    kind: 'object',
    description: 'A default issue board: columns of issues grouped by a state or a single-valued field.',
    fields: {
      name: { type: 'string', description: 'Name of the board.' },
      baseQuery: {
        type: 'string',
        nullable: true,
        description: 'Optional issue query filtering and ordering the issues on the board; null for none.',
      },
      backlogBaseQuery: {
        type: 'string',
        nullable: true,
        description:
          'Optional issue query for the backlog (issues not in the current iteration); null for none. New boards start with `"State" is "Open"`.',
      },
      identifyField: {
        type: 'string',
        description:
          'What decides an issue\'s column: `State`, or the name of a single-valued enumeration, user or group field.',
      },
      columns: {
        type: { array: 'string' },
        description:
          'Column values in display order (at least two). An entry may be null: the column of issues whose field is empty.',
      },
      iterationPrefix: {
        type: 'string',
        nullable: true,
        description: 'When set, only iterations whose name starts with this prefix are offered on the board.',
      },
      displayFields: {
        type: { array: 'string' },
        description: 'Fields shown on the issue cards; `State` and `Iteration` may appear beside custom field names.',
      },
      displayLinks: {
        type: { array: 'string' },
        description: 'Link names (e.g. `Sub Issues`) shown on the issue cards.',
      },
      editColumns: {
        until: 'v12.0.0',
        type: { array: 'string' },
        nullable: true,
        description:
          'Working copy of `columns` kept by the web editor, with a special marker instead of null. Usually null on the ' +
          'wire; the server reads `columns`.',
      },
    },
  },
  TimeTrackingSetting: {
    kind: 'object',
    description: 'How estimated and spent time are entered and summed.',
    fields: {
      useHoursAndMinutesOnly: {
        type: 'boolean',
        description: 'When true, times are entered and shown in hours and minutes only (no days or weeks).',
      },
      hoursPerDay: {
        type: 'int32',
        description: 'Working hours in a day, used to convert `1d` to hours (1 to 24).',
        constraints: { minimum: 1, maximum: 24 },
      },
      daysPerWeek: {
        type: 'int32',
        description: 'Working days in a week, used to convert `1w` to days (1 to 7).',
        constraints: { minimum: 1, maximum: 7 },
      },
      aggregationLink: {
        type: 'string',
        nullable: true,
        description:
          'Name of a link (e.g. `Sub Issues`) whose linked issues\' times are added to an issue\'s totals; null for no aggregation.',
      },
    },
  },
  NamedIssueQuery: {
    kind: 'object',
    description: 'A saved issue query offered to every user.',
    fields: {
      name: { type: 'string', description: 'Name shown in the list of saved queries.' },
      query: {
        type: 'string',
        nullable: true,
        description: 'The query text in the issue query language; null matches all issues.',
      },
    },
  },
  IssueTemplate: {
    kind: 'object',
    description: 'A description template pre-filled when opening issues that match a query.',
    fields: {
      issueQuery: {
        type: 'string',
        nullable: true,
        description: 'Optional issue query (without ordering) selecting where the template applies; null for all issues.',
      },
      issueDescription: { type: 'string', description: 'The template text, in Markdown.' },
    },
  },
  CommitMessageFixPatterns: {
    until: 'v15.1.3',
    kind: 'object',
    description:
      'Patterns that recognise issue references in commit messages as fixing the issue (e.g. `fixes #123`).',
    fields: {
      entries: {
        type: { array: { ref: 'CommitMessageFixPattern' } },
        description: 'The patterns; a reference matching any of them counts as a fix.',
      },
    },
  },
  CommitMessageFixSetting: {
    since: 'v15.1.3',
    kind: 'object',
    description: 'Guidance and detection patterns for commit messages that fix issues.',
    fields: {
      fixSuggestion: {
        type: 'string',
        description:
          'Text telling coding agents how to reference an issue in a commit message that fixes it ' +
          '(e.g. a `Fixes <issue reference>` footer line). Must not be empty; a new setting holds ' +
          'OneDev\'s stock advice.',
      },
      fixPatterns: {
        type: { array: { ref: 'CommitMessageFixPattern' } },
        description:
          'The patterns; each line of a commit message is checked against every entry, and a ' +
          'reference matching one counts as a fix.',
      },
    },
  },
  CommitMessageFixPattern: {
    kind: 'object',
    description:
      'Regular expressions expected immediately before and after an issue reference (`#123`, `path/to/project#123` or `KEY-123`).',
    fields: {
      prefix: { type: 'string', description: 'Regular expression that must precede the reference.' },
      suffix: { type: 'string', description: 'Regular expression that must follow the reference.' },
    },
  },
  ExternalIssueTransformers: {
    kind: 'object',
    description: 'Rules turning references to issues of an external tracker into links when text is rendered.',
    fields: {
      entries: {
        type: { array: { ref: 'ExternalIssueTransformer' } },
        description: 'The rules, applied in order; may be empty.',
      },
    },
  },
  ExternalIssueTransformer: {
    kind: 'object',
    description: 'One rule: a pattern finding external issue references and the HTML replacing them.',
    fields: {
      pattern: { type: 'string', description: 'Regular expression matching an external issue reference.' },
      replaceWith: {
        type: 'string',
        description: 'Replacement text; `$1`, `$2` ... insert the groups captured by `pattern`.',
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The area itself
// ---------------------------------------------------------------------------------------------

export const settingsIssueSchemas: SchemaTable = {
  GlobalIssueSetting: {
    kind: 'object',
    description:
      'Server-wide issue tracking setup: custom fields, states and transitions, default boards, saved queries, ' +
      'templates, time tracking and commit-message patterns. A Set operation replaces the whole area; send ' +
      'every property, typically by editing what Get returned.',
    fields: {
      stateSpecs: {
        type: { array: { ref: 'StateSpec' } },
        description: 'Issue states in order; the first is the initial state of new issues.',
      },
      transitionSpecs: {
        type: { array: { ref: 'TransitionSpec' } },
        description: 'State transition rules, manual and automatic.',
      },
      fieldSpecs: {
        type: { array: { ref: 'FieldSpec' } },
        description: 'Custom issue fields in display order.',
      },
      boardSpecs: [
        {
          until: 'v13.0.5',
          type: { array: { ref: 'BoardSpec' } },
          description: 'Default boards that projects get unless they define their own.',
        },
        {
          // v13.0.5 checks the body (`@Valid`): BoardSpec's `@Size(min=2)` editColumns, which JSON never fills.
          since: 'v13.0.5',
          type: { array: { ref: 'BoardSpec' } },
          description:
            'Default boards that projects get unless they define their own. Set Issue Setting refuses ' +
            'any board here (a validation failure, `boardSpecs[0].editColumns: At least two columns ' +
            'need to be defined`): the check counts the columns of the web editor\'s working copy, ' +
            'which a request cannot fill, so only an empty list can be saved through the API.',
        },
      ],
      timeTrackingSetting: {
        type: { ref: 'TimeTrackingSetting' },
        description: 'How estimated and spent time are entered and aggregated.',
      },
      listFields: {
        type: { array: 'string' },
        description:
          'Fields shown as columns of the issue list: custom field names, `State` and `Iteration`.',
      },
      listLinks: {
        type: { array: 'string' },
        description: 'Link names shown in the issue list (e.g. `Sub Issues`, `Blocked By`).',
      },
      namedQueries: {
        type: { array: { ref: 'NamedIssueQuery' } },
        description: 'Saved issue queries offered to all users.',
      },
      issueTemplates: {
        type: { array: { ref: 'IssueTemplate' } },
        description: 'Description templates for new issues; may be empty.',
      },
      commitMessageFixPatterns: {
        until: 'v15.1.3',
        type: { ref: 'CommitMessageFixPatterns' },
        description: 'Patterns deciding which commit messages fix which issues.',
      },
      commitMessageFixSetting: {
        since: 'v15.1.3',
        type: { ref: 'CommitMessageFixSetting' },
        description:
          'How commit messages should reference the issues they fix, and the patterns that recognise ' +
          'such references. Took over from `commitMessageFixPatterns`, whose entries became `fixPatterns`.',
      },
      externalIssueTransformers: {
        type: { ref: 'ExternalIssueTransformers' },
        description: 'Rules linking references to an external issue tracker.',
      },
      reconciled: {
        type: 'boolean',
        description:
          'Whether existing issues have been checked against this setup (undefined states, fields or values resolved). ' +
          'The server stores false whenever the area is set through the API, whatever is sent.',
      },
    },
  },
  ...showConditionSchemas,
  ...fieldSpecSchemas,
  ...transitionSchemas,
  ...otherSchemas,
};
