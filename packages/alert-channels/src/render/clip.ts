/** Cuts text to a vendor's limit, with an ellipsis when it had to: a long error never gets a message refused. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/** Colours of severities, as the channels that take a colour show them. */
export const COLOURS = { critical: 0xd93025, warning: 0xe8a100, info: 0x3b6fd8, resolved: 0x1e8e3e } as const;
