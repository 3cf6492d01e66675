export { open, parseSecretsKey, SecretsError, seal } from './secret-box.ts';
