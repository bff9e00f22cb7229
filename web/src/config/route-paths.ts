/** Route paths of spec §2, named once so links and route definitions cannot drift apart. */
export const routePaths = {
  home: '/',
  dashboard: '/dashboard',
  notFound: '/404',
} as const;
