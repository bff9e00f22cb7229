import { describe, expect, it } from '@jest/globals';
import { serviceForPath } from './services';

describe('serviceForPath', () => {
  it.each([
    ['/api/auth/login', 'auth'],
    ['/api/auth', 'auth'],
    ['/api/users/profile', 'auth'],
    ['/api/payments/subscription-status', 'billing'],
    ['/api/drawings', 'drawing'],
    ['/api/drawings/abc/status', 'drawing'],
    ['/api/drawings/abc/elements', 'graph'],
    ['/api/drawings/abc/connections?x=1', 'graph'],
    ['/api/elements/1', 'graph'],
    ['/api/connections', 'graph'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it.each(['/api/authx', '/api/health', '/api', '/drawings', '/api/elementsx'])('%s has no owner', (path) => {
    expect(serviceForPath(path)).toBeUndefined();
  });
});
