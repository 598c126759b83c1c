import {
  LifeBuoy,
  type LucideIcon,
  Map as MapIcon,
  Rocket,
  ShieldCheck,
  Users,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PageShell } from '@/components/PageShell';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '@/components/ui/accordion';
import { buttonVariants } from '@/components/ui/button';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { PROSE_LINKS } from '@/features/static/linkStyles';
import { usePageMeta } from '@/lib/pageMeta';
import { Link } from '@/lib/router';

type HelpItem = { id: string; question: string; answer: ReactNode };
type HelpSection = { id: string; title: string; Icon: LucideIcon; items: HelpItem[] };

// spec §2 Help Center: these five sections, in this order; spec §1 lists what the answers cover.
const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    Icon: Rocket,
    items: [
      {
        id: 'what-is-tripmates',
        question: 'What is Tripmates?',
        answer: (
          <p>
            Tripmates is one shared space where your group plans a trip together. Everyone on the
            trip sees each other live, can drop into an audio room to talk, and works on the same
            widgets — countdown, flights, weather, to-dos and photos — laid out over a video of your
            destination.
          </p>
        ),
      },
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer: (
          <p>
            Go to <Link to="/auth">Sign In</Link>, choose <strong>Create an account</strong>, and
            pick a username, your e-mail address and a password of at least 8 characters. You are
            signed in straight away and land on your trip dashboard. Tripmates is in private beta,
            so some features are still switched off; join the waitlist on the home page to hear when
            they open.
          </p>
        ),
      },
      {
        id: 'plans',
        question: 'Which plan do I need?',
        answer: (
          <>
            <p>Only the trip host needs a plan; guests always join free.</p>
            <ul>
              <li>
                <strong>Free</strong>: 1 active trip, up to 4 travellers, 10-minute audio calls.
              </li>
              <li>
                <strong>Premium</strong> ($9.99/month): 5 active trips, up to 10 travellers,
                60-minute audio rooms, the shared whiteboard and magic-link invites.
              </li>
              <li>
                <strong>Pro</strong> ($19.99/month): unlimited trips, travellers and audio, plus
                business features and priority support.
              </li>
            </ul>
            <p>Plans cannot be bought during the private beta.</p>
          </>
        ),
      },
    ],
  },
  {
    id: 'trip-planning',
    title: 'Trip Planning',
    Icon: MapIcon,
    items: [
      {
        id: 'widgets',
        question: 'What are widgets, and how do I add one?',
        answer: (
          <>
            <p>
              Widgets are the cards on your trip dashboard. Click <strong>Add Widget</strong> in the
              top bar and pick one:
            </p>
            <ul>
              <li>
                <strong>Countdown Timer</strong> — the time left until your trip starts.
              </li>
              <li>
                <strong>Flight Details</strong> — flight numbers, airports, times and stops.
              </li>
              <li>
                <strong>Weather Widget</strong> — current conditions and the forecast.
              </li>
              <li>
                <strong>Group To-Do List</strong> — the tasks your group shares.
              </li>
              <li>
                <strong>Photo Carousel</strong> — your group’s own photos, then photos of your
                destination.
              </li>
            </ul>
          </>
        ),
      },
      {
        id: 'rearrange-widgets',
        question: 'How do I rearrange my widgets?',
        answer: (
          <p>
            Drag a widget by its header — the strip with its title — and drop it anywhere on the
            dashboard. Grab the header rather than the content, so clicks inside the widget (ticking
            a to-do, say) keep working as usual.
          </p>
        ),
      },
      {
        id: 'photo-sharing',
        question: 'How do I share photos with my group?',
        answer: (
          <p>
            Press <strong>Add photos</strong> on the photo widget, drop pictures on it, or on a
            phone choose <strong>Take a photo</strong>. Everyone on the trip sees them at once, and
            the expanded widget shows the whole album. Photos are stored without their location and
            camera details unless you switch on <strong>Keep the original files</strong>; only the
            people on the trip can see them, and deleting a photo, the trip or your account deletes
            them for good. JPEG, PNG, WebP and AVIF pictures work; share HEIC photos from an iPhone
            as JPEG.
          </p>
        ),
      },
      {
        id: 'countdown-weather',
        question: 'How do the countdown and the weather work?',
        answer: (
          <p>
            The countdown ticks every second towards your departure date. The weather widget shows
            the current conditions at your destination and the next few forecast periods, in °C with
            wind in km/h. If the forecast cannot be loaded, the widget says so instead of showing
            old numbers.
          </p>
        ),
      },
      {
        id: 'todos',
        question: 'How does the group to-do list work?',
        answer: (
          <p>
            Add a task with a due date and a priority; everyone on the trip sees it. Tick it off
            when it is done. Completed tasks get a delete button, so nothing disappears by accident
            before it is finished.
          </p>
        ),
      },
      {
        id: 'bookings',
        question: 'Can I book flights and hotels in Tripmates?',
        answer: (
          <p>
            Not inside Tripmates. Your group searches and decides together here, then books on the
            airline’s, hotel’s or travel partner’s own site, where you pay and receive your
            confirmation. Changes and refunds are handled by that partner.
          </p>
        ),
      },
    ],
  },
  {
    id: 'collaboration',
    title: 'Collaboration Features',
    Icon: Users,
    items: [
      {
        id: 'invite',
        question: 'How do I invite friends to my trip?',
        answer: (
          <p>
            Click <strong>Invite Friends</strong> on the dashboard. Copy the invitation link and
            send it however you like, or enter a friend’s e-mail address and we will send it for
            you. Guests join free. Anyone with the link can join, so share it only with your group.
            Premium and Pro add magic-link invites.
          </p>
        ),
      },
      {
        id: 'audio-rooms',
        question: 'What are audio rooms?',
        answer: (
          <p>
            Every trip has a drop-in audio room: join with one click when you want to talk, leave
            when you are done — nobody has to ring anyone. Your browser asks once for permission to
            use the microphone. Calls last up to 10 minutes on Free and 60 minutes on Premium, with
            no limit on Pro. We never record them.
          </p>
        ),
      },
      {
        id: 'cursors',
        question: 'What are the coloured cursors on the dashboard?',
        answer: (
          <p>
            They are your tripmates. Each member gets a colour, and their cursor carries their name,
            so you can see who is looking at what and point things out to each other. A cursor
            appears when someone opens the trip and disappears when they leave. Cursor positions are
            shared live and never stored.
          </p>
        ),
      },
      {
        id: 'group-size',
        question: 'How many people can join a trip?',
        answer: (
          <p>
            Up to 4 travellers on the Free plan, up to 10 on Premium, and as many as you like on
            Pro. The host’s plan is what counts.
          </p>
        ),
      },
    ],
  },
  {
    id: 'account-security',
    title: 'Account & Security',
    Icon: ShieldCheck,
    items: [
      {
        id: 'two-factor',
        question: 'How do I turn on two-factor authentication?',
        answer: (
          <>
            <p>
              Two-factor authentication adds a 6-digit code from an authenticator app (Google
              Authenticator, Microsoft Authenticator, 1Password and the like) to your sign-in.
            </p>
            <ul>
              <li>
                Open the <Link to="/security">Security page</Link> and choose{' '}
                <strong>Set Up 2FA</strong>.
              </li>
              <li>Scan the QR code with your authenticator app, or type in the key shown.</li>
              <li>Enter the 6-digit code the app shows to confirm.</li>
            </ul>
            <p>From then on, signing in asks for a fresh code after your password.</p>
          </>
        ),
      },
      {
        id: 'reset-password',
        question: 'I forgot my password. How do I reset it?',
        answer: (
          <p>
            On the sign-in page choose <Link to="/forgot-password">Forgot password?</Link> and enter
            your account’s e-mail address. We send a reset link that works once, within one hour.
            Setting a new password signs you out on every device, so anyone who had your old one is
            locked out too.
          </p>
        ),
      },
      {
        id: 'login-activity',
        question: 'How can I see where my account is signed in?',
        answer: (
          <p>
            On the Security page, <strong>View Activity</strong> under Login Activity lists recent
            sign-ins and failed attempts with their time, IP address and browser. If something looks
            unfamiliar, change your password and turn on two-factor authentication.
          </p>
        ),
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: (
          <p>
            On the Security page, choose <strong>Delete account</strong> and confirm with your
            password, plus a code from your authenticator app if two-factor authentication is on.
            Trips you own pass to the member who joined earliest, or are deleted when nobody else is
            in them. Deletion is immediate and cannot be undone.
          </p>
        ),
      },
    ],
  },
  {
    id: 'troubleshooting',
    title: 'Troubleshooting',
    Icon: Wrench,
    items: [
      {
        id: 'code-rejected',
        question: 'My two-factor code is not accepted.',
        answer: (
          <p>
            Codes change every 30 seconds and each one works only once, so wait for a fresh code and
            enter it promptly. If codes keep failing, check that your phone sets its clock
            automatically. Lost the phone with your authenticator app? Write to support from your
            account’s e-mail address and we will help you back in after checking it is you.
          </p>
        ),
      },
      {
        id: 'locked-out',
        question: 'Sign-in says my account is temporarily locked.',
        answer: (
          <p>
            After 10 wrong passwords in a row we pause sign-in to that account for 15 minutes, to
            stop password guessing. Wait, then try again — or reset your password in the meantime.
          </p>
        ),
      },
      {
        id: 'no-email',
        question: 'I didn’t receive a reset or invitation e-mail.',
        answer: (
          <p>
            Give it a few minutes and check your spam or junk folder. Make sure you typed the
            address your account uses. Reset links expire after an hour, so request a new one if
            yours is older.
          </p>
        ),
      },
      {
        id: 'audio-problems',
        question: 'Nobody can hear me in the audio room.',
        answer: (
          <p>
            Check that your browser is allowed to use the microphone (the icon in the address bar)
            and that the right input device is selected in your system settings. Then leave the room
            and join again.
          </p>
        ),
      },
      {
        id: 'widget-unavailable',
        question: 'The weather or photos widget says it is unavailable.',
        answer: (
          <p>
            We could not reach the weather or photo service just then. Nothing is lost: reload the
            page in a little while and the widget tries again.
          </p>
        ),
      },
    ],
  },
];

/** Answer text styles, set once so the answers above stay plain markup. */
const ANSWER = `${PROSE_LINKS} [&_li]:mt-1 [&_p+p]:mt-3 [&_p+ul]:mt-2 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:pl-5 [&_ul+p]:mt-3`;

/** Links to the five sections: chips above the questions on phones, a sticky column on desktops. */
function SectionLinks() {
  return (
    <nav aria-label="Help topics" className="h-fit lg:sticky lg:top-6">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
        {HELP_SECTIONS.map(({ id, title, Icon }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-flex items-center gap-2 rounded-full border border-border bg-card px-3 py-1.5 text-sm text-foreground transition-colors hover:border-primary/60 hover:text-primary lg:flex lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:py-2 lg:hover:bg-accent"
            >
              <Icon aria-hidden className="size-4 text-primary" />
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ContactSupport() {
  return (
    <section
      aria-labelledby="contact-support-title"
      className="mt-12 flex flex-col gap-5 rounded-2xl border border-primary/30 bg-primary/10 p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-primary/20 text-primary">
        <LifeBuoy aria-hidden className="size-6" />
      </span>
      <div className="flex-1">
        <h2 id="contact-support-title" className="text-xl font-semibold text-foreground">
          Still need help?
        </h2>
        <p className="mt-1">
          Can’t find your answer? Our support team reads every message and will get back to you.
          Write to <ContactEmailLink kind="supportEmail" />.
        </p>
      </div>
      <ContactEmailLink
        kind="supportEmail"
        subject="Tripmates support"
        className={buttonVariants({ className: 'self-start sm:self-center' })}
      >
        Email Support
      </ContactEmailLink>
    </section>
  );
}

/** `/help` (spec §2 Help Center): one accordion, so one answer is open at a time. */
export default function HelpPage() {
  usePageMeta(
    'Help Center',
    'Answers about Tripmates: getting started, widgets, audio rooms, live cursors, invites, two-factor authentication, account deletion and troubleshooting.',
  );

  return (
    <PageShell title="Help Center" wide>
      <p className="max-w-2xl text-lg">
        Answers to the questions we hear most, from setting up your first trip to securing your
        account.
      </p>
      <div className="grid gap-8 pt-4 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-12">
        <SectionLinks />
        <div className="min-w-0 max-w-3xl">
          <Accordion type="single" collapsible className="space-y-10">
            {HELP_SECTIONS.map(({ id, title, Icon, items }) => (
              <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6">
                <h2
                  id={`${id}-title`}
                  className="flex items-center gap-2.5 text-xl font-semibold tracking-tight text-foreground"
                >
                  <span className="grid size-9 place-items-center rounded-lg bg-primary/15 text-primary">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  {title}
                </h2>
                <div className="mt-4 rounded-xl border border-border bg-card px-5 sm:px-6">
                  {items.map((item) => (
                    <AccordionItem key={item.id} value={item.id}>
                      <AccordionTrigger>{item.question}</AccordionTrigger>
                      <AccordionContent className={ANSWER}>{item.answer}</AccordionContent>
                    </AccordionItem>
                  ))}
                </div>
              </section>
            ))}
          </Accordion>
          <ContactSupport />
        </div>
      </div>
    </PageShell>
  );
}
