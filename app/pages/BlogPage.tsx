import {
  Lightbulb,
  type LucideIcon,
  MapPinned,
  MessageSquareHeart,
  Newspaper,
  NotebookPen,
} from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { PageShell } from '@/components/PageShell';
import { PendingButton } from '@/components/PendingButton';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { ContactEmailLink } from '@/features/static/ContactEmailLink';
import { ContentSection } from '@/features/static/ContentSection';
import { HeroPanel } from '@/features/static/HeroPanel';
import { IconCard } from '@/features/static/IconCard';
import { useWaitlistSignup } from '@/features/waitlist/useWaitlistSignup';
import { toast } from '@/hooks/useToast';
import { usePageMeta } from '@/lib/pageMeta';

// spec §2 Blog: the three planned categories.
const CATEGORIES: readonly { title: string; Icon: LucideIcon; text: string }[] = [
  {
    title: 'Destination Guides',
    Icon: MapPinned,
    text: 'Where to go, when to go and what to do there, written with groups in mind.',
  },
  {
    title: 'Travel Tips',
    Icon: Lightbulb,
    text: 'How to split costs, agree on dates and pack for everyone without the stress.',
  },
  {
    title: 'Community Stories',
    Icon: MessageSquareHeart,
    text: 'Trips our travellers planned together, told in their own words.',
  },
];

/** Notify Me: subscribes the address to the waitlist with the source `blog` (spec §7). */
function NotifyMeForm() {
  const [email, setEmail] = useState('');
  const join = useWaitlistSignup('blog');

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    join.signUp({ email }, () => {
      setEmail('');
      toast({
        title: 'You’re on the list!',
        description: 'We’ll email you when our first blog posts are published.',
      });
    });
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      aria-label="Get notified when the blog launches"
      className="mx-auto mt-6 flex w-full max-w-md flex-col gap-2 sm:flex-row"
    >
      <label htmlFor="blog-notify-email" className="sr-only">
        Email address
      </label>
      <Input
        id="blog-notify-email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        disabled={join.isPending}
        className="h-10 flex-1"
      />
      <PendingButton type="submit" size="lg" pending={join.isPending} className="px-6">
        Notify Me
      </PendingButton>
    </form>
  );
}

/** `/blog` (spec §2): coming soon, Notify Me, the planned categories and the notes integration. */
export default function BlogPage() {
  usePageMeta(
    'Blog',
    'The Tripmates blog is coming soon: destination guides, travel tips and community stories for groups who travel together. Get notified when it launches.',
  );

  return (
    <PageShell title="Our Blog is Coming Soon" wide>
      <HeroPanel Icon={Newspaper} title="Stories for groups who travel together">
        <p className="mx-auto mt-3 max-w-xl text-base leading-7">
          Stories, guides and tips for planning trips with the people you love. Leave your e-mail
          and we will let you know when the first posts go live.
        </p>
        <NotifyMeForm />
      </HeroPanel>

      <ContentSection id="categories" title="What we’ll write about">
        <ul className="grid gap-4 md:grid-cols-3">
          {CATEGORIES.map((category) => (
            <li key={category.title}>
              <IconCard Icon={category.Icon} title={category.title}>
                {category.text}
              </IconCard>
            </li>
          ))}
        </ul>
      </ContentSection>

      <div className="grid gap-6 pt-12 sm:pt-16 md:grid-cols-2">
        <section
          aria-labelledby="notes-title"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <div className="flex flex-wrap items-center gap-3">
            <span className="grid size-10 place-items-center rounded-lg bg-primary/15 text-primary">
              <NotebookPen aria-hidden className="size-5" />
            </span>
            <Badge variant="outline">Planned</Badge>
          </div>
          <h2
            id="notes-title"
            className="mt-4 text-xl font-semibold tracking-tight text-foreground"
          >
            Save ideas to your notes app
          </h2>
          <p className="mt-2 leading-7">
            We are planning an integration with a note-taking app, so you can clip a guide or a tip
            straight into your own travel notes and bring it to your trip’s dashboard later.
          </p>
        </section>
        <section
          aria-labelledby="write-for-us-title"
          className="rounded-2xl border border-border bg-card p-6 sm:p-8"
        >
          <h2
            id="write-for-us-title"
            className="text-xl font-semibold tracking-tight text-foreground"
          >
            Got a story to share?
          </h2>
          <p className="mt-2 leading-7">
            Planned an unforgettable group trip, or have a tip other travellers should know? Pitch
            us a post, or ask us anything about the blog, at{' '}
            <ContactEmailLink kind="blogEmail" subject="Blog" />.
          </p>
        </section>
      </div>
    </PageShell>
  );
}
