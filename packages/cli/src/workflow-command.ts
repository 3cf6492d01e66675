// GitHub's workflow commands (`::name key=value::message`) are read line by line from stdout, so text we do
// not control (a test's error message, a file path from an input) must not end the line or start another
// command. The escaping is the runner's own (actions/toolkit `command.ts`): `%`, CR and LF in the message,
// and `:` and `,` as well in property values.

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** One workflow command as a single line, ending in a newline. */
export function workflowCommand(name: string, message: string, properties: Record<string, string> = {}): string {
  const props = Object.entries(properties)
    .map(([k, v]) => `${k}=${escapeProperty(v)}`)
    .join(',');
  return `::${name}${props ? ` ${props}` : ''}::${escapeData(message)}\n`;
}
