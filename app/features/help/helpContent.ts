import { type LucideIcon, Map as MapIcon, Rocket, ShieldCheck, Users, Wrench } from 'lucide-react';

/*
 * The answers are plain data rather than JSX: they use only paragraphs, bulleted lists, bold
 * labels and links within the app, so a small union says all of it, the texts can be edited
 * without touching markup, and how each part looks (the router's Link, <strong>) is decided in
 * one place, HelpAnswer.tsx.
 */

/** A run of an answer's text: plain words, a label as the screen shows it (bold), or an in-app link. */
export type HelpText = string | { strong: string } | { link: string; to: string };
/** A paragraph, or a bulleted list with one run of text per item. */
export type HelpBlock = { paragraph: HelpText[] } | { list: HelpText[][] };

export type HelpItem = { id: string; question: string; answer: HelpBlock[] };
export type HelpSection = { id: string; title: string; Icon: LucideIcon; items: HelpItem[] };

// spec §2 Help Center: these five sections, in this order; spec §1 lists what the answers cover.
export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    Icon: Rocket,
    items: [
      {
        id: 'what-is-tripmates',
        question: 'What is Tripmates?',
        answer: [
          {
            paragraph: [
              'Tripmates is one shared space where your group plans a trip together. Everyone on the trip sees each other live, can drop into an audio room to talk, and works on the same widgets — countdown, flights, weather, to-dos and photos — laid out over a video of your destination.',
            ],
          },
        ],
      },
      {
        id: 'create-account',
        question: 'How do I create an account?',
        answer: [
          {
            paragraph: [
              'Go to ',
              { link: 'Sign In', to: '/auth' },
              ', choose ',
              { strong: 'Create an account' },
              ', and pick a username, your e-mail address and a password of at least 8 characters. You are signed in straight away and land on your trip dashboard. Tripmates is in private beta, so some features are still switched off; join the waitlist on the home page to hear when they open.',
            ],
          },
        ],
      },
      {
        id: 'plans',
        question: 'Which plan do I need?',
        answer: [
          { paragraph: ['Only the trip host needs a plan; guests always join free.'] },
          {
            list: [
              [{ strong: 'Free' }, ': 1 active trip, up to 4 travellers, 10-minute audio calls.'],
              [
                { strong: 'Premium' },
                ' ($9.99/month): 5 active trips, up to 10 travellers, 60-minute audio rooms, the shared whiteboard and magic-link invites.',
              ],
              [
                { strong: 'Pro' },
                ' ($19.99/month): unlimited trips, travellers and audio, plus business features and priority support.',
              ],
            ],
          },
          { paragraph: ['Plans cannot be bought during the private beta.'] },
        ],
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
        answer: [
          {
            paragraph: [
              'Widgets are the cards on your trip dashboard. Click ',
              { strong: 'Add Widget' },
              ' in the top bar and pick one:',
            ],
          },
          {
            list: [
              [{ strong: 'Countdown Timer' }, ' — the time left until your trip starts.'],
              [{ strong: 'Flight Details' }, ' — flight numbers, airports, times and stops.'],
              [{ strong: 'Weather Widget' }, ' — current conditions and the forecast.'],
              [{ strong: 'Group To-Do List' }, ' — the tasks your group shares.'],
              [
                { strong: 'Photo Carousel' },
                ' — your group’s own photos, then photos of your destination.',
              ],
            ],
          },
        ],
      },
      {
        id: 'rearrange-widgets',
        question: 'How do I rearrange my widgets?',
        answer: [
          {
            paragraph: [
              'Drag a widget by its header — the strip with its title — and drop it anywhere on the dashboard. Grab the header rather than the content, so clicks inside the widget (ticking a to-do, say) keep working as usual.',
            ],
          },
        ],
      },
      {
        id: 'photo-sharing',
        question: 'How do I share photos with my group?',
        answer: [
          {
            paragraph: [
              'Press ',
              { strong: 'Add photos' },
              ' on the photo widget, drop pictures on it, or on a phone choose ',
              { strong: 'Take a photo' },
              '. Everyone on the trip sees them at once, and the expanded widget shows the whole album. Photos are stored without their location and camera details unless you switch on ',
              { strong: 'Keep the original files' },
              '; only the people on the trip can see them, and deleting a photo, the trip or your account deletes them for good. JPEG, PNG, WebP and AVIF pictures work; share HEIC photos from an iPhone as JPEG.',
            ],
          },
        ],
      },
      {
        id: 'countdown-weather',
        question: 'How do the countdown and the weather work?',
        answer: [
          {
            paragraph: [
              'The countdown ticks every second towards your departure date. The weather widget shows the current conditions at your destination and the next few forecast periods, in °C with wind in km/h. If the forecast cannot be loaded, the widget says so instead of showing old numbers.',
            ],
          },
        ],
      },
      {
        id: 'todos',
        question: 'How does the group to-do list work?',
        answer: [
          {
            paragraph: [
              'Add a task with a due date and a priority; everyone on the trip sees it. Tick it off when it is done. Completed tasks get a delete button, so nothing disappears by accident before it is finished.',
            ],
          },
        ],
      },
      {
        id: 'bookings',
        question: 'Can I book flights and hotels in Tripmates?',
        answer: [
          {
            paragraph: [
              'Not inside Tripmates. Your group searches and decides together here, then books on the airline’s, hotel’s or travel partner’s own site, where you pay and receive your confirmation. Changes and refunds are handled by that partner.',
            ],
          },
        ],
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
        answer: [
          {
            paragraph: [
              'Click ',
              { strong: 'Invite Friends' },
              ' on the dashboard. Copy the invitation link and send it however you like, or enter a friend’s e-mail address and we will send it for you. Guests join free. Anyone with the link can join, so share it only with your group. Premium and Pro add magic-link invites.',
            ],
          },
        ],
      },
      {
        id: 'audio-rooms',
        question: 'What are audio rooms?',
        answer: [
          {
            paragraph: [
              'Every trip has a drop-in audio room: join with one click when you want to talk, leave when you are done — nobody has to ring anyone. Your browser asks once for permission to use the microphone. Calls last up to 10 minutes on Free and 60 minutes on Premium, with no limit on Pro. We never record them.',
            ],
          },
        ],
      },
      {
        id: 'cursors',
        question: 'What are the coloured cursors on the dashboard?',
        answer: [
          {
            paragraph: [
              'They are your tripmates. Each member gets a colour, and their cursor carries their name, so you can see who is looking at what and point things out to each other. A cursor appears when someone opens the trip and disappears when they leave. Cursor positions are shared live and never stored.',
            ],
          },
        ],
      },
      {
        id: 'group-size',
        question: 'How many people can join a trip?',
        answer: [
          {
            paragraph: [
              'Up to 4 travellers on the Free plan, up to 10 on Premium, and as many as you like on Pro. The host’s plan is what counts.',
            ],
          },
        ],
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
        answer: [
          {
            paragraph: [
              'Two-factor authentication adds a 6-digit code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and the like) to your sign-in.',
            ],
          },
          {
            list: [
              [
                'Open the ',
                { link: 'Security page', to: '/security' },
                ' and choose ',
                { strong: 'Set Up 2FA' },
                '.',
              ],
              ['Scan the QR code with your authenticator app, or type in the key shown.'],
              ['Enter the 6-digit code the app shows to confirm.'],
            ],
          },
          { paragraph: ['From then on, signing in asks for a fresh code after your password.'] },
        ],
      },
      {
        id: 'reset-password',
        question: 'I forgot my password. How do I reset it?',
        answer: [
          {
            paragraph: [
              'On the sign-in page choose ',
              { link: 'Forgot password?', to: '/forgot-password' },
              ' and enter your account’s e-mail address. We send a reset link that works once, within one hour. Setting a new password signs you out on every device, so anyone who had your old one is locked out too.',
            ],
          },
        ],
      },
      {
        id: 'login-activity',
        question: 'How can I see where my account is signed in?',
        answer: [
          {
            paragraph: [
              'On the Security page, ',
              { strong: 'View Activity' },
              ' under Login Activity lists recent sign-ins and failed attempts with their time, IP address and browser. If something looks unfamiliar, change your password and turn on two-factor authentication.',
            ],
          },
        ],
      },
      {
        id: 'delete-account',
        question: 'How do I delete my account?',
        answer: [
          {
            paragraph: [
              'On the Security page, choose ',
              { strong: 'Delete account' },
              ' and confirm with your password, plus a code from your authenticator app if two-factor authentication is on. Trips you own pass to the member who joined earliest, or are deleted when nobody else is in them. Deletion is immediate and cannot be undone.',
            ],
          },
        ],
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
        answer: [
          {
            paragraph: [
              'Codes change every 30 seconds and each one works only once, so wait for a fresh code and enter it promptly. If codes keep failing, check that your phone sets its clock automatically. Lost the phone with your authenticator app? Write to support from your account’s e-mail address and we will help you back in after checking it is you.',
            ],
          },
        ],
      },
      {
        id: 'locked-out',
        question: 'Sign-in says my account is temporarily locked.',
        answer: [
          {
            paragraph: [
              'After 10 wrong passwords in a row we pause sign-in to that account for 15 minutes, to stop password guessing. Wait, then try again — or reset your password in the meantime.',
            ],
          },
        ],
      },
      {
        id: 'no-email',
        question: 'I didn’t receive a reset or invitation e-mail.',
        answer: [
          {
            paragraph: [
              'Give it a few minutes and check your spam or junk folder. Make sure you typed the address your account uses. Reset links expire after an hour, so request a new one if yours is older.',
            ],
          },
        ],
      },
      {
        id: 'audio-problems',
        question: 'Nobody can hear me in the audio room.',
        answer: [
          {
            paragraph: [
              'Check that your browser is allowed to use the microphone (the icon in the address bar) and that the right input device is selected in your system settings. Then leave the room and join again.',
            ],
          },
        ],
      },
      {
        id: 'widget-unavailable',
        question: 'The weather or photos widget says it is unavailable.',
        answer: [
          {
            paragraph: [
              'We could not reach the weather or photo service just then. Nothing is lost: reload the page in a little while and the widget tries again.',
            ],
          },
        ],
      },
    ],
  },
];
