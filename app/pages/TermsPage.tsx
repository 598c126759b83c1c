import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { PLAN_TERMS } from '@/features/static/content';
import { LegalDocument, type LegalSection } from '@/features/static/LegalDocument';
import { Link } from '@/lib/router';

const LIMIT_ROWS = [
  { label: 'Price per month', key: 'price' },
  { label: 'Active trips', key: 'trips' },
  { label: 'Travellers per trip', key: 'travellers' },
  { label: 'Audio call length', key: 'audio' },
] as const;

function PlanLimits() {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-border bg-card">
      <table className="w-full text-left text-sm leading-5">
        <caption className="sr-only">Limits of the Free, Premium and Pro plans</caption>
        <thead>
          <tr className="border-b border-border">
            <td className="p-2 sm:p-3" />
            {PLAN_TERMS.map((plan) => (
              <th key={plan.plan} scope="col" className="p-2 font-semibold text-foreground sm:p-3">
                {plan.plan}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LIMIT_ROWS.map((row) => (
            <tr key={row.key} className="border-b border-border last:border-b-0">
              <th scope="row" className="p-2 font-normal text-muted-foreground sm:p-3">
                {row.label}
              </th>
              {PLAN_TERMS.map((plan) => (
                <td key={plan.plan} className="p-2 text-foreground sm:p-3">
                  {plan[row.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const SECTIONS: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these terms',
    body: (
      <p>
        These terms are an agreement between you and Tripmates (“Tripmates”, “we”, “us”) about your
        use of the Tripmates website and app. By creating an account, joining a trip or otherwise
        using Tripmates, you accept them. If you use Tripmates for an organisation, you accept them
        for that organisation too.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>
          You must be at least 13 years old, and old enough to agree to these terms where you live.
        </li>
        <li>
          Give accurate details, and keep your e-mail address current: it is how you reset your
          password.
        </li>
        <li>
          Keep your password to yourself. We recommend turning on two-factor authentication on the
          Security page. You are responsible for what happens under your account; tell us at once if
          you think someone else has used it.
        </li>
      </ul>
    ),
  },
  {
    id: 'private-beta',
    title: 'Private beta',
    body: (
      <p>
        Tripmates is in private beta. Features may change, appear or go away, some actions are not
        available yet, and the service may occasionally be interrupted while we improve it. We will
        do our best to keep your trips safe, but please keep your own copy of anything you cannot
        afford to lose, such as booking confirmations.
      </p>
    ),
  },
  {
    id: 'plans',
    title: 'Plans and limits',
    body: (
      <>
        <p>
          Tripmates has three plans. Only the person hosting a trip needs one; guests join free, and
          can become hosts when they plan trips of their own. Each plan limits how many trips you
          can have active, how many travellers a trip can have, and how long an audio call can last:
        </p>
        <PlanLimits />
        <p>
          Premium adds the shared whiteboard and magic-link invites, and keeps 30 days of history (7
          on Free); Pro has no limits and adds business features and priority support. When you
          reach a limit, Tripmates tells you and the action does not go through; nothing you already
          have is removed. Plans cannot be bought during the private beta. Before we charge anyone,
          we will publish the payment, renewal and cancellation terms, and nothing will be charged
          without your explicit agreement.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Trips and your content',
    body: (
      <>
        <p>
          What you add to Tripmates — trip details, to-dos, flight details — stays yours. You give
          us permission to store it, copy it and show it to the members of the trip, only as far as
          needed to run the service. You confirm you have the right to share what you add.
        </p>
        <p>
          Anyone with a trip’s invitation link can use it to join, so share it only with the people
          you mean to invite. How we handle personal information is described in our{' '}
          <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'bookings',
    title: 'Bookings with partners',
    body: (
      <p>
        Tripmates helps your group choose; it does not sell flights, hotels or any other travel.
        Bookings are made on partner sites, under the partner’s terms, and the contract is between
        you and that partner. We are not responsible for their prices, availability, changes or
        refunds. Some links to partners are affiliate links, which may earn us a commission at no
        extra cost to you.
      </p>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Please don’t:</p>
        <ul>
          <li>break the law, or post content that is unlawful, hateful or harassing;</li>
          <li>send spam, or invite people who have not asked to be invited;</li>
          <li>impersonate someone, or use another person’s account;</li>
          <li>
            probe, scan or attack our systems, get around plan limits or rate limits, or access data
            that isn’t yours;
          </li>
          <li>scrape the service or copy it in bulk by automated means.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-party-information',
    title: 'Weather, photos and other outside information',
    body: (
      <p>
        Forecasts, destination photos and similar information come from third parties and are shown
        as they are. They can be late or wrong: check official sources before making safety
        decisions, for example about the weather.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending your use of Tripmates',
    body: (
      <p>
        You can delete your account at any time on the Security page. We may suspend or close an
        account that breaks these terms or puts other people or the service at risk; unless the law
        or safety prevents it, we will tell you why. The sections on your content, bookings,
        disclaimers, liability and governing law continue to apply after an account is closed.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Tripmates is provided “as is” and “as available”. As far as the law allows, we make no
        promises beyond those in these terms, including that the service will be uninterrupted or
        error-free, or fit for a particular purpose.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          As far as the law allows, Tripmates is not liable for indirect, incidental, special or
          consequential losses, such as lost bookings, missed trips or lost profits.
        </p>
        <p>
          Our total liability for all claims relating to Tripmates is limited to{' '}
          <strong>the greater of the amount you paid us in the last 12 months or $100</strong>.
          Nothing in these terms limits liability that cannot be limited by law.
        </p>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the <strong>State of Delaware</strong>, United
        States, without regard to its conflict-of-laws rules. Disputes will be heard in the state or
        federal courts located in Delaware, unless the law of the country where you live gives you
        the right to bring them in your local courts.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as Tripmates grows. We change the date at the top of the page each
        time, and tell you in advance of any change that reduces your rights. Continuing to use
        Tripmates after a change takes effect means you accept the new terms.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        Questions about these terms: write to{' '}
        <ContactEmailLink kind="supportEmail" subject="Terms of Service question" />.
      </p>
    ),
  },
];

/** `/terms` (spec §2): Terms of Service with the plans of §9, the liability cap and Delaware law. */
export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      description="The terms for using Tripmates: accounts, the Free, Premium and Pro plans and their limits, bookings with partners, acceptable use and liability."
      intro={
        <p>
          The rules for using Tripmates, written to be read. They cover your account, what each plan
          includes, what we are and aren’t responsible for, and what happens if something goes
          wrong.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
