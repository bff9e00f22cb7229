import { Hero } from '../components/hero';
import { HowItWorks } from '../components/how-it-works';

export function LandingPage() {
  return (
    <>
      <Hero />
      <HowItWorks />
    </>
  );
}
