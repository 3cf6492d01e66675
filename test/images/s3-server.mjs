// The stack's S3 server (s3rver) with the access key the apps are given, since production refuses
// s3rver's own example key. Runs in its container: node /s3-server.mjs, with S3_ACCESS_KEY_ID,
// S3_SECRET_ACCESS_KEY and S3_BUCKET set.
import { createRequire } from 'node:module';

const require = createRequire('/usr/local/lib/node_modules/');
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

DUMMY_ACCOUNT.createKeyPair(process.env.S3_ACCESS_KEY_ID, process.env.S3_SECRET_ACCESS_KEY);
const server = new S3rver({
  address: '0.0.0.0',
  port: 9000,
  directory: '/tmp/s3',
  silent: true,
  // Buckets in the path: the stack's host names (s3) are not bucket names.
  vhostBuckets: false,
  configureBuckets: [{ name: process.env.S3_BUCKET ?? 'pageprobe' }],
});
const { port } = await server.run();
console.log(`s3rver on ${port}`);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
