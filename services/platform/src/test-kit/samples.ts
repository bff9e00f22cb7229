// The test kit's sample files and small helpers without its servers, as `@pid/platform/test-kit/samples`: a unit
// test that needs only these does not load the service framework and the server drivers behind the test kit.
export * from './sample-drawings';
export * from './sample-files';
export * from './sample-documents';
export * from './expect-with';
export * from './eventually';
export * from './for-test-file';
