import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { FactCard, LegalDocument, type LegalSection } from '@/features/static/LegalDocument';
import { Link } from '@/lib/router';
import { THEME_STORAGE_KEY } from '../../shared/constants';

const SECTIONS: LegalSection[] = [
  {
    id: 'summary',
    title: 'In short',
    body: (
      <ul>
        <li>
          Tripmates sets <strong>one cookie</strong>, <code>tm_session</code>, and only to keep you
          signed in.
        </li>
        <li>
          Your browser also remembers your theme and display preferences, on your device only.
        </li>
        <li>No analytics, advertising or tracking cookies, ours or anyone else’s.</li>
      </ul>
    ),
  },
  {
    id: 'what-they-are',
    title: 'What cookies and local storage are',
    body: (
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back on later
        visits. Local storage is a similar place in your browser where a site can keep settings;
        unlike a cookie, it is never sent to the server on its own.
      </p>
    ),
  },
  {
    id: 'our-cookie',
    title: 'The cookie we set',
    body: (
      <>
        <div className="mt-4">
          <FactCard
            title={<code>tm_session</code>}
            facts={[
              { term: 'Purpose', detail: 'Keeps you signed in as you move between pages.' },
              { term: 'Type', detail: 'Strictly necessary; set by Tripmates itself.' },
              {
                term: 'Protection',
                detail:
                  'HttpOnly (page scripts cannot read it), SameSite=Lax, and Secure on HTTPS connections.',
              },
              {
                term: 'Lifetime',
                detail:
                  'Until you log out; the session ends after 7 days without activity and after 30 days at most.',
              },
            ]}
          />
        </div>
        <p>
          The cookie holds a random token and nothing else about you. Because it is essential for
          signing in, it needs no consent; if you block it, you can still read the public pages, but
          you cannot sign in.
        </p>
      </>
    ),
  },
  {
    id: 'local-storage',
    title: 'What we keep in your browser',
    body: (
      <>
        <div className="mt-4 grid gap-3">
          <FactCard
            title={<code>{THEME_STORAGE_KEY}</code>}
            facts={[
              { term: 'Purpose', detail: 'Your choice of light, dark or system theme.' },
              { term: 'Lifetime', detail: 'Until you change it or clear your browser data.' },
            ]}
          />
          <FactCard
            title={<code>user_preferences</code>}
            facts={[
              { term: 'Purpose', detail: 'Display preferences for this device.' },
              { term: 'Lifetime', detail: 'Removed when you log out.' },
            ]}
          />
        </div>
        <p>
          These stay on your device and are never sent to us. Logging out also clears the
          short-lived session storage of the tab you were using.
        </p>
      </>
    ),
  },
  {
    id: 'no-third-parties',
    title: 'No third-party cookies',
    body: (
      <p>
        Tripmates loads no analytics, advertising or social-media scripts. Weather forecasts and
        destination photos are fetched by our server, so those providers never see your browser and
        cannot set cookies in it. Links to social networks and to booking partners are plain links:
        those sites set their own cookies only once you visit them, under their own policies.
      </p>
    ),
  },
  {
    id: 'managing',
    title: 'Managing cookies',
    body: (
      <p>
        Every browser lets you see, block and delete cookies and site data in its settings. Deleting{' '}
        <code>tm_session</code> signs you out; clearing local storage resets your theme to dark, the
        default. For how we use information more generally, see the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we ever add a cookie, we will list it here and update the date above first; anything that
        is not strictly necessary would be off until you agree to it.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about cookies: write to{' '}
        <ContactEmailLink kind="supportEmail" subject="Cookies question" />.
      </p>
    ),
  },
];

/** `/cookies` (spec §2): Cookies Policy, same date as the privacy policy. */
export default function CookiesPage() {
  return (
    <LegalDocument
      title="Cookies Policy"
      description="Tripmates sets one essential cookie to keep you signed in, keeps your theme in your browser, and uses no tracking or advertising cookies."
      intro={
        <p>
          One cookie to keep you signed in, two settings remembered on your device, and no tracking.
          Here is exactly what we store in your browser and why.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
