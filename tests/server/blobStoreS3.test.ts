import { describe, expect, it } from 'vitest';
import { s3ConfigOf, signS3Request } from '../../server/blobStoreS3';

// AWS's published example of Signature Version 4 for S3 ("Example: GET Object", in
// "Signature Calculations for the Authorization Header"): same keys, time, request and headers.
const EXAMPLE = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  at: new Date('2013-05-24T00:00:00Z'),
};
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

describe('signing requests to S3-compatible storage', () => {
  it('signs GET Object exactly as AWS’s published example', () => {
    const headers = signS3Request({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { range: 'bytes=0-9' },
      payloadSha256: EMPTY,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('signs GET Bucket with its query string sorted and encoded as AWS’s example', () => {
    const headers = signS3Request({
      ...EXAMPLE,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
      headers: {},
      payloadSha256: EMPTY,
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('reads its settings from the environment and says which one is missing', () => {
    expect(s3ConfigOf({})).toBeNull();
    expect(() => s3ConfigOf({ BLOB_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      'BLOB_S3_ENDPOINT is set: BLOB_S3_BUCKET must be set too.',
    );
    expect(
      s3ConfigOf({
        BLOB_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        BLOB_S3_BUCKET: 'statements',
        BLOB_S3_ACCESS_KEY_ID: 'id',
        BLOB_S3_SECRET_ACCESS_KEY: 'secret',
      }),
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'statements',
      region: 'us-east-1',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      prefix: '',
    });
  });
});
