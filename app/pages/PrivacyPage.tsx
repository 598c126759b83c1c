import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { LegalDocument, type LegalSection } from '@/features/static/LegalDocument';
import { Link } from '@/lib/router';

const SECTIONS: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this covers',
    body: (
      <>
        <p>
          Tripmates (“Tripmates”, “we”, “us”) runs a web app where a group of friends or family
          plans a trip together. This policy covers the Tripmates website and app, the waitlist and
          newsletter sign-ups, and the e-mails we send. It explains what we store, why, who else
          sees it, and what you can do about it.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>
            <strong>Your account.</strong> Your username, e-mail address, first and last name, an
            optional profile picture address, your plan, and your e-mail notification choices. Your
            password is stored only as a one-way hash (argon2id): we cannot read it. If you turn on
            two-factor authentication, we keep the authenticator secret needed to check your codes.
          </li>
          <li>
            <strong>Sessions and sign-in activity.</strong> When you sign in, we create a session
            and record the IP address and browser it came from. We also log sign-in events — a
            successful sign-in, a wrong password or code, a temporary lock-out, a password change or
            reset — with their time, IP address and browser, so you can review them under Login
            Activity on the Security page and spot anything you don’t recognise.
          </li>
          <li>
            <strong>Your trips.</strong> What you and your group put into a trip: its name,
            destination and dates, the widgets on its dashboard and their content (to-dos, flight
            details and the like), and who is a member.
          </li>
          <li>
            <strong>Photos you share.</strong> The pictures you add to a trip’s album, seen only by
            the trip’s members. We remove their metadata — the location and camera details a phone
            writes into a photo — unless you choose to keep the original files. A photo’s files are
            deleted when you delete it, and with its trip or your account.
          </li>
          <li>
            <strong>The waitlist.</strong> If you join the waitlist or ask to hear about the blog:
            your e-mail address, your name if you give it, where you signed up (landing page,
            newsletter box or blog) and when, and whether we have contacted you.
          </li>
          <li>
            <strong>Messages to us.</strong> What you write when you contact support, and our
            replies.
          </li>
        </ul>
        <p>
          Some things we deliberately don’t keep. Live cursors and who is online are shared with
          your trip members as they happen and never stored. Audio rooms are live conversations; we
          do not record them. We hold no payment details: plans cannot be bought yet.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <>
        <ul>
          <li>To run Tripmates: sign you in, show your trips and keep your group in sync.</li>
          <li>
            To keep accounts safe: limiting repeated sign-in attempts, locking an account for a
            short time after many wrong passwords, and showing you your own sign-in history.
          </li>
          <li>
            To send service e-mails: password-reset links, trip invitations, and trip reminders if
            you have them switched on in your notification settings.
          </li>
          <li>To tell waitlist members when Tripmates opens, and to answer your questions.</li>
        </ul>
        <p>
          We do not sell your information, show advertising, or build profiles of you for anyone
          else.
        </p>
      </>
    ),
  },
  {
    id: 'services-we-use',
    title: 'Services we use on your behalf',
    body: (
      <>
        <ul>
          <li>
            <strong>E-mail delivery.</strong> Our e-mails go out through an e-mail (SMTP) provider,
            which receives the recipient address and the message in order to deliver it.
          </li>
          <li>
            <strong>Weather and destination photos.</strong> Our server asks weather and photo
            providers for the destination of your trip and passes the answer on to you. Your browser
            never contacts those providers for this, so your IP address and browser details are not
            sent to them.
          </li>
          <li>
            <strong>Booking partners.</strong> Tripmates does not sell travel. When you follow a
            link to book a flight or hotel, you land on the partner’s site, and its own privacy
            policy applies there. The link may tell the partner that you came from Tripmates.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'who-can-see-it',
    title: 'Who can see your information',
    body: (
      <>
        <p>
          The members of a trip see each other’s names, live cursors and everything added to that
          trip. Anyone who has a trip’s invitation link can use it to join, so share links only with
          people you mean to invite. Beyond that, we disclose information only when the law requires
          it, or to a company that takes over Tripmates, which would remain bound by this policy.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    body: (
      <p>
        We set a single cookie, <code>tm_session</code>, which keeps you signed in, and remember
        your theme and display preferences in your browser’s local storage. There are no analytics,
        advertising or third-party cookies. The <Link to="/cookies">Cookies Policy</Link> has the
        details.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <ul>
        <li>
          Account, trip data and sign-in activity: for as long as your account exists. Deleting your
          account deletes them.
        </li>
        <li>
          Sessions: they end when you log out, after 7 days without activity, and after 30 days at
          most; expired sessions are deleted.
        </li>
        <li>Password-reset links: they work once, for one hour.</li>
        <li>
          Waitlist entries: until Tripmates launches and we have told you, or sooner if you ask us
          to remove yours.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        Passwords are stored as argon2id hashes, and session tokens only as hashes, so a copy of our
        database would not let anyone sign in as you. Connections are encrypted, requests that
        change anything must come from Tripmates itself, and you can add a second step to your
        sign-in with two-factor authentication. No system is perfectly secure; if we learn of a
        breach that affects you, we will tell you promptly.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your rights and choices',
    body: (
      <>
        <ul>
          <li>Update your name, e-mail and notification choices on your profile.</li>
          <li>Review your recent sign-ins under Login Activity on the Security page.</li>
          <li>
            Delete your account on the Security page (Delete account). It removes your account, your
            sessions and your sign-in history. Trips you own pass to the member who joined earliest,
            or are deleted when nobody else is in them.
          </li>
          <li>Ask us to remove your waitlist entry, or for a copy of the data we hold on you.</li>
        </ul>
        <p>
          Depending on where you live, you may have further rights, such as to object to or restrict
          some uses of your data, or to complain to your data-protection authority. Write to us and
          we will answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Tripmates is not meant for children under 13, and we do not knowingly collect their
        information. If you believe a child has given us personal information, contact us and we
        will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy, we update the date at the top of this page. If a change matters
        to how we use your information, we will tell you by e-mail or in the app before it takes
        effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions or requests about your privacy: write to{' '}
        <ContactEmailLink kind="supportEmail" subject="Privacy question" />.
      </p>
    ),
  },
];

/** `/privacy` (spec §2): Privacy Policy, last updated May 13, 2025. */
export default function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      description="What Tripmates stores about you and your trips, why, who sees it, how long we keep it, and how to get it removed."
      intro={
        <p>
          The short version: we keep what it takes to run your trips and keep your account safe, we
          never sell it or show ads, and you can delete your account whenever you like.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
