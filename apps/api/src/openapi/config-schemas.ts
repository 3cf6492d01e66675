import { parseDocument } from 'yaml';

// Issue 50: a configuration file's entries are the create bodies of their resources plus a `key`, with
// references by key instead of id. They are written here from the create bodies, so an entry is checked
// by the very schema its endpoint checks (no second copy to drift); `npm run generate` in apps/api writes
// them into public.yaml and config-schemas.test.ts fails when they have drifted.

type Schema = { properties: Record<string, unknown>; required?: string[]; description?: string; [k: string]: unknown };

const KEY = { $ref: '#/components/schemas/ConfigKey' };
const keys = (maxItems: number, description: string) => ({
  type: 'array',
  maxItems,
  description,
  items: KEY,
});

/** An entry: the create body with `key` required first and some properties replaced. */
function entryOf(create: Schema, lead: string, replaced: Record<string, unknown>): Schema {
  const { key: _key, ...rest } = create.properties;
  for (const name of Object.keys(replaced)) if (!(name in rest)) throw new Error(`no property ${name} to replace`);
  return {
    ...create,
    description: create.description ? `${lead} ${create.description}` : lead,
    required: ['key', ...(create.required ?? [])],
    properties: { key: KEY, ...rest, ...replaced },
  };
}

/** The entries' schemas, from the document's create bodies. */
export function configSchemas(schemas: Record<string, Schema>): Record<string, Schema> {
  const body = (name: string) => {
    const schema = schemas[name];
    if (!schema?.properties) throw new Error(`public.yaml has no ${name} with properties`);
    return structuredClone(schema);
  };
  const windowBody = body('CreateMaintenanceWindow');
  const pageBody = body('CreateStatusPage');
  const pageMonitors = pageBody.properties.monitors as { maxItems: number };
  return {
    ConfigAlertChannel: entryOf(body('CreateAlertChannel'), 'POST /alert-channels’ body with its `key`.', {}),
    ConfigMonitor: entryOf(body('CreateMonitor'), 'POST /monitors’ body with its `key`; channels named by key.', {
      alert_channels: keys(20, 'Keys of the alert channels its alerts are sent to (in the file, or the team’s).'),
      depends_on: {
        ...keys(20, 'Keys of the monitors it depends on (in the file, or the team’s); a cycle is refused.'),
        uniqueItems: true,
      },
    }),
    ConfigMaintenanceWindow: entryOf(windowBody, 'POST /maintenance-windows’ body with its `key`; monitors by key.', {
      monitors: {
        ...keys(100, 'Keys of the monitors it holds (in the file, or the team’s).'),
        uniqueItems: true,
      },
    }),
    ConfigStatusPage: entryOf(pageBody, 'POST /status-pages’ body with its `key`; monitors by key.', {
      monitors: {
        type: 'array',
        maxItems: pageMonitors.maxItems,
        items: { $ref: '#/components/schemas/ConfigStatusPageMonitor' },
      },
    }),
  };
}

/** public.yaml with the entries' schemas written from its create bodies. */
export function withConfigSchemas(yamlText: string): string {
  const doc = parseDocument(yamlText);
  const schemas = (doc.toJS() as { components: { schemas: Record<string, Schema> } }).components.schemas;
  for (const [name, schema] of Object.entries(configSchemas(schemas))) {
    doc.setIn(['components', 'schemas', name], doc.createNode(schema, { aliasDuplicateObjects: false }));
  }
  return doc.toString({ lineWidth: 1000 });
}
