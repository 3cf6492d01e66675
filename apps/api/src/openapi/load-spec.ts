import { readYamlFile } from '@pageprobe/config';

// The YAML files beside this one are the single source of truth for both interfaces: requests are
// validated against them and they are served as JSON.
const load = (name: string) => readYamlFile(new URL(`./${name}.yaml`, import.meta.url)) as OpenApiDocument;

export type OpenApiDocument = { openapi: string; paths: Record<string, unknown>; [key: string]: unknown };

export const publicSpec = load('public');
export const adminSpec = load('admin');
