#!/usr/bin/env node
// The Pageprobe MCP server over stdio: `PAGEPROBE_API_URL=... PAGEPROBE_API_KEY=... pageprobe-mcp`.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createClient } from '@pageprobe/client';
import { createServer } from './server.ts';

const baseUrl = process.env.PAGEPROBE_API_URL;
const apiKey = process.env.PAGEPROBE_API_KEY;
if (!baseUrl || !apiKey) {
  process.stderr.write('pageprobe-mcp: set PAGEPROBE_API_URL and PAGEPROBE_API_KEY\n');
  process.exit(2);
}
await createServer(createClient({ baseUrl, apiKey })).connect(new StdioServerTransport());
