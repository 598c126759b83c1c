import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      logLevel: 'info',
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://trips.example.com/',
      DATA_DIR: '/var/lib/tripmates',
      DATABASE_URL: 'postgres://app@db:5432/tripmates',
      REDIS_URL: 'redis://cache:6379',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      LOG_LEVEL: 'warn',
      SUPPORT_EMAIL: 'help@trips.example.com',
      CAREERS_EMAIL: 'jobs@trips.example.com',
      PRESS_EMAIL: 'press@trips.example.com',
      BLOG_EMAIL: 'stories@trips.example.com',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://trips.example.com',
      dataDir: '/var/lib/tripmates',
      databaseUrl: 'postgres://app@db:5432/tripmates',
      redisUrl: 'redis://cache:6379',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      logLevel: 'warn',
      contacts: {
        supportEmail: 'help@trips.example.com',
        careersEmail: 'jobs@trips.example.com',
        pressEmail: 'press@trips.example.com',
        blogEmail: 'stories@trips.example.com',
      },
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      logLevel: 'info',
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '3.5'],
    ['PUBLIC_URL', 'trips.example.com'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['SMTP_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['SUPPORT_EMAIL', 'support at example'],
  ])('rejects %s=%s with one line naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrowError(
      new RegExp(
        `^Invalid configuration: ${name} [^\\n]+\\(got "${value.replace('.', '\\.')}"\\)$`,
      ),
    );
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrowError(
      /PORT must be a whole number between 0 and 65535 \(got "abc"\); LOG_LEVEL must be one of/,
    );
  });

  it('keeps photos under DATA_DIR by default, with limits of 25 MB a photo and 2 GB a trip', () => {
    expect(loadConfig({ DATA_DIR: '/srv/trips' }).photos).toEqual({
      maxFileBytes: 25 * 1024 * 1024,
      maxTripBytes: 2048 * 1024 * 1024,
      storage: { kind: 'disk', dir: '/srv/trips/photos' },
    });
    expect(loadConfig({ PHOTO_MAX_FILE_MB: '8', PHOTO_MAX_TRIP_MB: '100' }).photos).toMatchObject({
      maxFileBytes: 8 * 1024 * 1024,
      maxTripBytes: 100 * 1024 * 1024,
    });
    expect(() => loadConfig({ PHOTO_MAX_FILE_MB: '0' })).toThrowError(
      /PHOTO_MAX_FILE_MB must be a whole number of megabytes, from 1 to 200 \(got "0"\)/,
    );
  });

  it('stores photos in S3 when S3_BUCKET is set, path-style on a server of its own', () => {
    const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(
      loadConfig({ ...keys, S3_BUCKET: 'trip-photos', S3_ENDPOINT: 'http://127.0.0.1:9000/' })
        .photos.storage,
    ).toEqual({
      kind: 's3',
      bucket: 'trip-photos',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      pathStyle: true,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret',
    });
    // AWS itself: the region's endpoint, and the bucket's host name.
    expect(
      loadConfig({ ...keys, S3_BUCKET: 'trip-photos', S3_REGION: 'eu-west-1' }).photos.storage,
    ).toMatchObject({ endpoint: 'https://s3.eu-west-1.amazonaws.com', pathStyle: false });
    expect(() => loadConfig({ S3_BUCKET: 'trip-photos' })).toThrowError(
      /S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...keys })).toThrowError(/S3_BUCKET is not set/);
    expect(() => loadConfig({ ...keys, S3_BUCKET: 'Bad_Bucket' })).toThrowError(
      /S3_BUCKET must be an S3 bucket name/,
    );
  });
});
