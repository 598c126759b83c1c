import { Link } from 'react-router';
import { PageShell } from '@/components/PageShell';
import { Button } from '@/components/ui/button';

/** `/` for visitors (spec §2 Landing page). */
export default function LandingPage() {
  return (
    <PageShell title="Plan your next trip together, in one floating space" backTo={null}>
      <p className="text-lg">
        Tripmates helps groups decide faster on flights, hotels and plans, with real-time voice,
        presence and shared travel tools in one place.
      </p>
      <Button asChild size="lg">
        <Link to="/auth">Sign In</Link>
      </Button>
    </PageShell>
  );
}
