import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export type LocalS3 = {
  /** The S3_* variables of a server process using this store. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

/** A real S3-compatible server (s3rver) on a free local port with one empty bucket, in a temporary directory. */
export async function startLocalS3(bucket = 'lea-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'lea-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
