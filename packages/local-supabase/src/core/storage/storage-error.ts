/**
 * Supabase Storage's error catalogue. The intended status travels as a string in the body; the HTTP
 * status is 400 for every client error (500 only for internal ones), as Storage's error handler does.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message)
  }

  get httpStatus(): 400 | 500 {
    return this.statusCode === '500' ? 500 : 400
  }

  toJSON() {
    return { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message }
  }
}

export const storageErrors = {
  noSuchKey: () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found'),
  noSuchBucket: () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  keyAlreadyExists: () =>
    new StorageError('409', 'KeyAlreadyExists', 'Duplicate', 'The resource already exists'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    new StorageError('403', 'AccessDenied', 'Unauthorized', message),
  entityTooLarge: () =>
    new StorageError(
      '413',
      'EntityTooLarge',
      'Payload too large',
      'The object exceeded the maximum allowed size',
    ),
  invalidMimeType: (mime: string) =>
    new StorageError('415', 'InvalidMimeType', 'invalid_mime_type', `mime type ${mime} is not supported`),
  invalidKey: (key: string) => new StorageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${key}`),
  invalidRequest: (message: string) => new StorageError('400', 'InvalidRequest', 'InvalidRequest', message),
  invalidSignature: () =>
    new StorageError('400', 'InvalidSignature', 'InvalidSignature', 'Invalid signature'),
  invalidSignatureFor: (message: string) =>
    new StorageError('400', 'InvalidSignature', 'InvalidSignature', message),
  expiredToken: () =>
    new StorageError('400', 'ExpiredToken', 'ExpiredToken', 'The provided token has expired.'),
  bucketAlreadyExists: () =>
    new StorageError('409', 'BucketAlreadyExists', 'Duplicate', 'The resource already exists'),
  invalidBucketName: () =>
    new StorageError('400', 'InvalidBucketName', 'Invalid Input', 'Bucket name invalid'),
  bucketNotEmpty: () =>
    new StorageError(
      '409',
      'ResourceNotEmpty',
      'ResourceNotEmpty',
      'The bucket you tried to delete is not empty',
    ),
  invalidFileSizeLimit: () =>
    new StorageError(
      '400',
      'InvalidRequest',
      'InvalidRequest',
      'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B',
    ),
  noContentProvided: () => new StorageError('400', 'InvalidRequest', 'InvalidRequest', 'No content provided'),
  invalidJwt: (message: string) => new StorageError('400', 'InvalidJWT', 'InvalidJWT', message),
  internal: () => new StorageError('500', 'InternalError', 'internal', 'Internal Server Error'),
}
