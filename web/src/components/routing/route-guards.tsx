import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { GUARD_MESSAGES } from '../../config/messages';
import { routePaths } from '../../config/route-paths';
import type { NavigationState } from '../../lib/navigation-state';
import { useSession, type Session } from '../../lib/session';
import { PageLoader } from '../feedback/page-loader';

type GuardVerdict = { allow: true } | { allow: false; to: string; state: NavigationState };

/** Spec §4: signed out → /login remembering the origin; unverified → /verify-email with the e-mail. */
function verifiedVerdict(session: Session, origin: string): GuardVerdict {
  if (!session.user) return { allow: false, to: routePaths.login, state: { from: origin } };
  if (!session.isEmailVerified) return { allow: false, to: routePaths.verifyEmail, state: { email: session.user.email } };
  return { allow: true };
}

function Guard({ verdict }: { verdict: (session: Session, origin: string) => GuardVerdict }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <PageLoader />;
  const result = verdict(session, `${location.pathname}${location.search}`);
  return result.allow ? <Outlet /> : <Navigate to={result.to} state={result.state} replace />;
}

/** Logged-in users with a verified e-mail (checkout's siblings: onboarding, profile). */
export function RequireVerifiedEmail() {
  return <Guard verdict={verifiedVerdict} />;
}

/** Dashboard, upload, viewer: verified and subscribed; others go to /checkout with the reason. */
export function RequireSubscription() {
  return (
    <Guard
      verdict={(session, origin) => {
        const verified = verifiedVerdict(session, origin);
        if (!verified.allow) return verified;
        if (!session.hasActiveSubscription) {
          return { allow: false, to: routePaths.checkout, state: { message: GUARD_MESSAGES.subscriptionRequired } };
        }
        return { allow: true };
      }}
    />
  );
}

/** Checkout: signed-out visitors log in first and come back; subscribers have nothing to buy. */
export function RequireCheckoutAccess() {
  return (
    <Guard
      verdict={(session, origin) => {
        if (!session.user) {
          return { allow: false, to: routePaths.login, state: { message: GUARD_MESSAGES.loginForPayment, from: routePaths.checkout } };
        }
        const verified = verifiedVerdict(session, origin);
        if (!verified.allow) return verified;
        if (session.hasActiveSubscription) {
          return { allow: false, to: routePaths.dashboard, state: { message: GUARD_MESSAGES.alreadySubscribed } };
        }
        return { allow: true };
      }}
    />
  );
}
