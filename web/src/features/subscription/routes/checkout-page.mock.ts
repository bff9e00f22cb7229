import { jest } from '@jest/globals';

// Imported by checkout-page.test.tsx ahead of the page: SWC does not hoist a `jest.mock` of the test file
// itself above its imports when `jest` comes from @jest/globals, and a module's own import runs in order.
jest.mock('../../../lib/browser-location', () => ({ leaveAppFor: jest.fn() }));
