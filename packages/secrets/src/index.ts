export { open, SecretsError, seal } from './secret-box.ts';
