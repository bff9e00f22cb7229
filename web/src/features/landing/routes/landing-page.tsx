import { useSession } from '../../../lib/session';
import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';
import { SubscriptionBanner } from '../components/subscription-banner';
import { VisitorCards } from '../components/visitor-cards';

export function LandingPage() {
  const { status } = useSession();
  // While a stored session loads, show neither variant rather than flash the signed-out one.
  const known = status !== 'loading';
  const signedIn = status === 'authenticated';
  return (
    <>
      <Hero signedIn={signedIn} showActions={known} />
      <HowItWorks />
      {known && !signedIn && <VisitorCards />}
      {known && <SubscriptionBanner signedIn={signedIn} />}
    </>
  );
}
