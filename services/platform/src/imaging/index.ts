// The PDF reading and drawing helpers alone, as `@pid/platform/imaging`: the analysis pipeline and its job
// processes load these without the service framework (NestJS, TypeORM, S3 clients) behind the main entry.
export * from './pdf-page-renderer';
export * from './pdf-page-content';
export * from './pdf-page-complexity';
export * from './affine';
