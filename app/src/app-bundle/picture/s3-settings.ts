import type { S3PictureStoreOptions } from './s3-picture-store.ts';

/**
 * The bucket of APP_STORAGE=s3, from the environment: `S3_BUCKET` (required), `S3_ENDPOINT`
 * (an S3-compatible server, addressed path-style; AWS when unset), `S3_REGION` (else
 * AWS_REGION, else us-east-1), `S3_PREFIX` (prepended to every name). Credentials are
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY when both are set, otherwise the SDK's own
 * chain (a profile, an instance role). A bad value is a one-line error naming the variable.
 */
export function s3Settings(env: NodeJS.ProcessEnv): S3PictureStoreOptions {
  const bucket = env.S3_BUCKET ?? '';
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(`S3_BUCKET must name a bucket (3 to 63 lowercase letters, digits, "." and "-") when APP_STORAGE=s3, "${bucket}" given.`);
  }
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined && !URL.canParse(endpoint)) throw new Error(`S3_ENDPOINT must be a URL such as http://127.0.0.1:9000, "${endpoint}" given.`);
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new Error('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together: set both, or neither to use the SDK\'s credential chain.');
  }
  return {
    bucket,
    ...(endpoint !== undefined && { endpoint }),
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    ...(accessKeyId !== undefined && secretAccessKey !== undefined && { credentials: { accessKeyId, secretAccessKey } }),
    ...(env.S3_PREFIX && { prefix: env.S3_PREFIX }),
  };
}
