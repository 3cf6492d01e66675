import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

export interface StorageConfig {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
  S3_FORCE_PATH_STYLE: boolean;
}

export interface Storage {
  readonly bucket: string;
  readonly client: S3Client;
  /** Creates the bucket when it does not exist yet (local stack and tests; production provisions it). */
  ensureBucket(): Promise<void>;
  put(key: string, body: Buffer | string, contentType: string): Promise<void>;
  /** The object's bytes; with `maxBytes`, a larger object is refused (an error) before it is downloaded. */
  get(key: string, options?: { maxBytes?: number }): Promise<Buffer>;
  /** A time-limited download address. */
  signedUrl(key: string, expiresInSeconds: number): Promise<string>;
  /** Deletes the objects (a key already gone counts as deleted); throws when any could not be. */
  delete(keys: readonly string[]): Promise<void>;
  close(): void;
}

/** S3's most keys in one DeleteObjects request. */
const DELETE_BATCH = 1000;

export function createStorage(config: StorageConfig): Storage {
  const client = new S3Client({
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY },
  });
  const bucket = config.S3_BUCKET;
  return {
    bucket,
    client,
    async ensureBucket() {
      const head = () => client.send(new HeadBucketCommand({ Bucket: bucket }));
      try {
        await head();
      } catch {
        try {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        } catch (error) {
          // Pods starting at once all find no bucket and all make it: only one is first, and the others
          // are told it exists (AWS: BucketAlreadyOwnedByYou; other servers: BucketAlreadyExists, also
          // AWS's word for another account's bucket, which the second look then cannot reach).
          if ((error as Error).name !== 'BucketAlreadyOwnedByYou') await head().catch(() => Promise.reject(error));
        }
      }
    },
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType }));
    },
    async get(key, { maxBytes } = {}) {
      const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (maxBytes !== undefined && (out.ContentLength ?? 0) > maxBytes) {
        out.Body?.transformToWebStream().cancel();
        throw new Error(`${key} is ${out.ContentLength} bytes, more than the ${maxBytes} allowed here`);
      }
      return Buffer.from(await out.Body!.transformToByteArray());
    },
    signedUrl(key, expiresInSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: expiresInSeconds });
    },
    async delete(keys) {
      for (let i = 0; i < keys.length; i += DELETE_BATCH) {
        const out = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = out.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(`${failed.length} objects not deleted, ${first.Key} first: ${first.Code} ${first.Message}`);
        }
      }
    },
    close() {
      client.destroy();
    },
  };
}
