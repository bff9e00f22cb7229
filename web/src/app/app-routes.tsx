import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { matchPath, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { AppLayout } from '../components/layout/app-layout';
import { LazyPage } from '../components/routing/chunk-error-boundary';
import { RequireCheckoutAccess, RequireSubscription, RequireVerifiedEmail } from '../components/routing/route-guards';
import { routePaths } from '../config/route-paths';
import { ForgotPasswordPage } from '../features/auth/routes/forgot-password-page';
import { LoginPage } from '../features/auth/routes/login-page';
import { RegisterPage } from '../features/auth/routes/register-page';
import { ResetPasswordPage } from '../features/auth/routes/reset-password-page';
import { VerifyEmailPage } from '../features/auth/routes/verify-email-page';
import { LandingPage } from '../features/landing/routes/landing-page';
import { LearnMorePage } from '../features/learn-more/routes/learn-more-page';
import { NotFoundPage } from '../features/not-found/routes/not-found-page';
import { OnboardingPage } from '../features/onboarding/routes/onboarding-page';
import { ProfilePage } from '../features/profile/routes/profile-page';
import { CheckoutPage } from '../features/subscription/routes/checkout-page';
import { PaymentSuccessPage } from '../features/subscription/routes/payment-success-page';
import { PricingPage } from '../features/subscription/routes/pricing-page';
import { prefetchViewer } from '../features/viewer/api/prefetch-viewer';
import { readUsableToken } from '../lib/session';

// The drawing pages carry the heavy viewer: each is its own chunk, loaded when first visited.
const DashboardPage = lazy(() =>
  import('../features/drawings/routes/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);
const UploadPage = lazy(() => import('../features/drawings/routes/upload-page').then((module) => ({ default: module.UploadPage })));
const loadViewerPage = () => import('../features/viewer/routes/viewer-page');
const DrawingPage = lazy(() => loadViewerPage().then((module) => ({ default: module.ViewerPage })));

/**
 * Arriving at a drawing's address signed in: the viewer's code and the drawing's data load at once,
 * alongside the session check, rather than one after the other.
 */
function useViewerArrival() {
  const queryClient = useQueryClient();
  const [arrival] = useState(useLocation().pathname);
  useEffect(() => {
    const id = matchPath(routePaths.drawing, arrival)?.params.id;
    if (!id || !readUsableToken()) return;
    void loadViewerPage();
    prefetchViewer(queryClient, id);
  }, [queryClient, arrival]);
}

/** The route table of spec §2, with the access rules of §4 and §6. */
export function AppRoutes() {
  useViewerArrival();
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path={routePaths.login} element={<LoginPage />} />
        <Route path={routePaths.register} element={<RegisterPage />} />
        <Route path={routePaths.verifyEmail} element={<VerifyEmailPage />} />
        <Route path={routePaths.learnMore} element={<LearnMorePage />} />
        <Route path={routePaths.pricing} element={<PricingPage />} />
        <Route path={routePaths.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={routePaths.resetPassword} element={<ResetPasswordPage />} />
        <Route path={routePaths.paymentSuccess} element={<PaymentSuccessPage />} />

        <Route element={<RequireCheckoutAccess />}>
          <Route path={routePaths.checkout} element={<CheckoutPage />} />
        </Route>

        <Route element={<RequireVerifiedEmail />}>
          <Route path={routePaths.onboarding} element={<OnboardingPage />} />
          <Route path={routePaths.profile} element={<ProfilePage />} />
        </Route>

        <Route element={<RequireSubscription />}>
          <Route
            path={routePaths.dashboard}
            element={
              <LazyPage>
                <DashboardPage />
              </LazyPage>
            }
          />
          <Route
            path={routePaths.upload}
            element={
              <LazyPage>
                <UploadPage />
              </LazyPage>
            }
          />
          <Route
            path={routePaths.drawing}
            element={
              <LazyPage>
                <DrawingPage />
              </LazyPage>
            }
          />
        </Route>

        <Route path={routePaths.notFound} element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to={routePaths.notFound} replace />} />
      </Route>
    </Routes>
  );
}
