/** A file that cannot be used as it is: each message names the file, and where it can, its line and column. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly messages: string[];

  constructor(messages: string[]) {
    super(messages.join('\n'));
    this.messages = messages;
  }
}

/** A path in the file's value, as `monitors[2].alert.down_after`. */
export type ValuePath = Array<string | number>;

export const showPath = (path: ValuePath) =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
