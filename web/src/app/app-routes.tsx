import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { routePaths } from '../config/route-paths';
import { LandingPage } from '../features/landing/routes/landing-page';
import { NotFoundPage } from '../features/not-found/routes/not-found-page';

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={routePaths.notFound} element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to={routePaths.notFound} replace />} />
      </Route>
    </Routes>
  );
}
